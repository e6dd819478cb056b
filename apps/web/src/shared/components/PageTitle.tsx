import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useDocumentTitle } from '../hooks/useDocumentTitle';

/** The page's h1, also used as the browser tab title. */
export function PageTitle({ children, title }: { children: ReactNode; title?: string }) {
  useDocumentTitle(title ?? (typeof children === 'string' ? children : undefined));
  return (
    <Typography variant="h1" component="h1" sx={{ mb: 2 }}>
      {children}
    </Typography>
  );
}
