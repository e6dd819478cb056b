import { useState } from 'react';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Check from '@mui/icons-material/Check';
import ArrowDropDown from '@mui/icons-material/ArrowDropDown';
import WorkOutline from '@mui/icons-material/WorkOutline';
import { useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { Me } from '@edc/domain';
import { resolveHome } from '../routes';
import { currentEmployee, useSetCurrentEmployee } from '../../features/identity/api';
import { employeeContextLabel } from '../../features/identity/labels';

/** The role/research selector: the user's employees; choosing one switches the working context. */
export function RoleSelector({ me, compact }: { me: Me; compact: boolean }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const setCurrent = useSetCurrentEmployee();
  if (me.employees.length === 0) return null;
  const current = currentEmployee(me);
  const currentLabel = current ? employeeContextLabel(t, current) : t('shell:role.none');
  const buttonLabel = t('shell:role.label', { current: currentLabel });

  const choose = (employeeId: string) => {
    setAnchor(null);
    if (employeeId === me.currentEmployeeId) return;
    setCurrent.mutate(employeeId, { onSuccess: (next) => navigate(resolveHome(next.homePath)) });
  };

  return (
    <>
      {compact ? (
        <IconButton
          color="inherit"
          aria-label={buttonLabel}
          aria-haspopup="menu"
          aria-expanded={anchor ? true : undefined}
          aria-controls={anchor ? 'role-menu' : undefined}
          onClick={(e) => setAnchor(e.currentTarget)}
          disabled={setCurrent.isPending}
        >
          <WorkOutline />
        </IconButton>
      ) : (
        <Button
          color="inherit"
          aria-label={buttonLabel}
          aria-haspopup="menu"
          aria-expanded={anchor ? true : undefined}
          aria-controls={anchor ? 'role-menu' : undefined}
          onClick={(e) => setAnchor(e.currentTarget)}
          loading={setCurrent.isPending}
          loadingPosition="start"
          startIcon={<WorkOutline />}
          endIcon={<ArrowDropDown />}
          sx={{ maxWidth: { md: 300, lg: 460 }, minWidth: 0 }}
        >
          <span style={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>{currentLabel}</span>
        </Button>
      )}
      <Menu
        id="role-menu"
        anchorEl={anchor}
        open={anchor !== null}
        onClose={() => setAnchor(null)}
        slotProps={{ list: { 'aria-label': t('shell:role.menu') } }}
      >
        {me.employees.map((e) => {
          const selected = e.id === me.currentEmployeeId;
          return (
            <MenuItem
              key={e.id}
              selected={selected}
              disabled={!e.hasAccess}
              onClick={() => choose(e.id)}
              aria-current={selected ? 'true' : undefined}
            >
              <ListItemIcon>{selected ? <Check fontSize="small" /> : null}</ListItemIcon>
              <ListItemText
                primary={employeeContextLabel(t, e)}
                secondary={!e.hasAccess ? t('shell:role.blocked') : selected ? t('identity:current') : undefined}
              />
            </MenuItem>
          );
        })}
      </Menu>
    </>
  );
}
