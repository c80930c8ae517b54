// Public API of the dashboard's home page feature (the page itself is the router's lazy pages module).
