import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';

/** A section's h2 with its action (such as an AddButton) on the right; the action wraps under it when narrow. */
export function SectionHeader({ title, titleId, action }: { title: string; titleId?: string; action?: ReactNode }) {
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 1, flexWrap: 'wrap' }}>
      <Typography variant="h2" id={titleId} sx={{ flex: 1 }}>
        {title}
      </Typography>
      {action}
    </Box>
  );
}
