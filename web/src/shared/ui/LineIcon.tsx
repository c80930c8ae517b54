import type { ReactNode } from 'react';

interface LineIconProps {
  /** Width and height in px. */
  size?: number;
  strokeWidth?: number;
  /** The drawing: paths and shapes on a 24 × 24 grid. */
  children: ReactNode;
}

/**
 * A line-drawn icon in the text colour, on the 24-unit grid all the app's own icons use. Hidden from
 * screen readers: the button or badge around it carries the name.
 */
export function LineIcon({ size = 18, strokeWidth = 2, children }: LineIconProps) {
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={strokeWidth}
      strokeLinecap="round"
      aria-hidden
    >
      {children}
    </svg>
  );
}
