import type { ReactNode } from 'react';
import Button, { type ButtonProps } from '@mui/material/Button';
import Add from '@mui/icons-material/Add';

/** The main "Add …" action of a page or a section: a contained button with a plus. */
export function AddButton({
  onClick,
  size,
  sx,
  children,
}: {
  onClick: () => void;
  size?: ButtonProps['size'];
  sx?: ButtonProps['sx'];
  children: ReactNode;
}) {
  return (
    <Button size={size} variant="contained" startIcon={<Add />} sx={sx} onClick={onClick}>
      {children}
    </Button>
  );
}
