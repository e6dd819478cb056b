import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import { PageTitle } from '../../../shared/components/PageTitle';
import { Toolbar } from '../components';

/** A list page's title row: the h1, then its controls and main action on the right. */
export function PageToolbar({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <Toolbar>
      <Box sx={{ flex: 1 }}>
        <PageTitle>{title}</PageTitle>
      </Box>
      {children}
    </Toolbar>
  );
}
