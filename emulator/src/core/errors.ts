/**
 * An error the database reports to a client. `code` is the status string of the wire protocol
 * (`{s: code, d: message}`), e.g. 'invalid_path', 'invalid_data', 'invalid_query',
 * 'permission_denied', 'datastale'; the server maps it to REST status codes as well.
 */
export class DatabaseError extends Error {
  readonly code: string;
  constructor(code: string, message: string) {
    super(message);
    this.name = 'DatabaseError';
    this.code = code;
  }
}
