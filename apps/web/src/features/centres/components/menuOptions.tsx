import type { ReactNode } from 'react';
import MenuItem from '@mui/material/MenuItem';

/**
 * The options of a select (`TextField select`), one MenuItem an item: a select reads its options' values
 * from its direct children, so they are given as an array, not wrapped in a component.
 */
export function menuOptions<T>(items: readonly T[], label: (item: T) => ReactNode, value: (item: T) => string = String) {
  return items.map((item) => (
    <MenuItem key={value(item)} value={value(item)}>
      {label(item)}
    </MenuItem>
  ));
}
