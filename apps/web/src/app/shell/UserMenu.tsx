import { useState, type ReactNode } from 'react';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import ListSubheader from '@mui/material/ListSubheader';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import AccountCircle from '@mui/icons-material/AccountCircle';
import AccountCircleOutlined from '@mui/icons-material/AccountCircleOutlined';
import DescriptionOutlined from '@mui/icons-material/DescriptionOutlined';
import Logout from '@mui/icons-material/Logout';
import MenuBookOutlined from '@mui/icons-material/MenuBookOutlined';
import { Link as RouterLink } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { Me } from '@edc/domain';
import { DOCUMENTS_PATH, MANUAL_PATH } from '../../config';
import { fullName } from '../../features/identity/labels';
import { visibleMenu } from './menu';

/**
 * User menu: personal account and exit; on mobile (no side menu) it also holds the menu items and the
 * manual and documents links.
 */
export function UserMenu({ me, mobile, onSignOut }: { me: Me; mobile: boolean; onSignOut: () => void }) {
  const { t } = useTranslation();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const close = () => setAnchor(null);
  const name = `${me.user.firstName} ${me.user.lastName}`.trim();
  const label = t('shell:user.menu', { name: fullName(me.user) });

  const items: ReactNode[] = [
    <ListSubheader key="who" sx={{ lineHeight: 1.4, py: 1 }}>
      <div style={{ fontWeight: 600 }}>{fullName(me.user)}</div>
      <div>{me.user.email}</div>
    </ListSubheader>,
  ];
  if (mobile) {
    for (const item of visibleMenu(me, { mobile: true })) {
      const Icon = item.def.icon;
      if (item.children) {
        items.push(<ListSubheader key={item.def.key}>{t(item.def.labelKey)}</ListSubheader>);
        for (const child of item.children) {
          items.push(
            <MenuItem key={`${item.def.key}-${child.key}`} component={RouterLink} to={child.to} onClick={close} sx={{ pl: 4 }}>
              <ListItemText primary={child.translate ? t(child.label) : child.label} />
              {child.current && (
                <Chip label={t('identity:current')} size="small" color="primary" variant="outlined" sx={{ ml: 1 }} />
              )}
            </MenuItem>,
          );
        }
      } else if (item.to) {
        items.push(
          <MenuItem key={item.def.key} component={RouterLink} to={item.to} onClick={close}>
            <ListItemIcon>
              <Icon fontSize="small" />
            </ListItemIcon>
            <ListItemText primary={t(item.def.labelKey)} />
          </MenuItem>,
        );
      }
    }
    items.push(<Divider key="d1" />);
    items.push(
      <MenuItem key="manual" component={RouterLink} to={MANUAL_PATH} target="_blank" rel="noopener" onClick={close}>
        <ListItemIcon>
          <MenuBookOutlined fontSize="small" />
        </ListItemIcon>
        <ListItemText primary={t('shell:manual')} />
      </MenuItem>,
      <MenuItem key="documents" component={RouterLink} to={DOCUMENTS_PATH} target="_blank" rel="noopener" onClick={close}>
        <ListItemIcon>
          <DescriptionOutlined fontSize="small" />
        </ListItemIcon>
        <ListItemText primary={t('shell:documents')} />
      </MenuItem>,
    );
  } else {
    items.push(
      <MenuItem key="profile" component={RouterLink} to="/profile" onClick={close}>
        <ListItemIcon>
          <AccountCircleOutlined fontSize="small" />
        </ListItemIcon>
        <ListItemText primary={t('shell:menu.profile')} />
      </MenuItem>,
    );
  }
  items.push(<Divider key="d2" />);
  items.push(
    <MenuItem
      key="exit"
      onClick={() => {
        close();
        onSignOut();
      }}
    >
      <ListItemIcon>
        <Logout fontSize="small" />
      </ListItemIcon>
      <ListItemText primary={t('shell:user.exit')} />
    </MenuItem>,
  );

  const triggerProps = {
    color: 'inherit' as const,
    'aria-label': label,
    'aria-haspopup': 'menu' as const,
    'aria-expanded': anchor ? true : undefined,
    'aria-controls': anchor ? 'user-menu' : undefined,
    onClick: (e: React.MouseEvent<HTMLElement>) => setAnchor(e.currentTarget),
  };

  return (
    <>
      {mobile ? (
        <IconButton {...triggerProps} edge="end">
          <AccountCircle />
        </IconButton>
      ) : (
        <Button {...triggerProps} startIcon={<AccountCircle />} sx={{ maxWidth: 240, minWidth: 0 }}>
          <span style={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>{name}</span>
        </Button>
      )}
      <Menu
        id="user-menu"
        anchorEl={anchor}
        open={anchor !== null}
        onClose={close}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        slotProps={{ list: { 'aria-label': label }, paper: { sx: { minWidth: 260, maxWidth: 'calc(100vw - 16px)' } } }}
      >
        {items}
      </Menu>
    </>
  );
}
