import type { ReactNode } from 'react';
import Alert from 'react-bootstrap/Alert';

interface MessageProps {
  /** A Bootstrap alert variant; errors use `danger`. */
  variant?: string;
  children: ReactNode;
}

export function Message({ variant = 'info', children }: MessageProps) {
  return <Alert variant={variant}>{children}</Alert>;
}
