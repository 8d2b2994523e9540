import type { ReactNode } from 'react';

interface MessageProps {
  /** A Bootstrap alert variant; errors use `danger`. */
  variant?: string;
  children: ReactNode;
}

/** Bootstrap's alert markup (react-bootstrap's Alert adds fade and dismiss code none of ours uses). */
export function Message({ variant = 'info', children }: MessageProps) {
  return (
    <div role="alert" className={`alert alert-${variant}`}>
      {children}
    </div>
  );
}
