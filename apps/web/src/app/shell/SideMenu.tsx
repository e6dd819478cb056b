import { useState } from 'react';
import Chip from '@mui/material/Chip';
import Collapse from '@mui/material/Collapse';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import ExpandLess from '@mui/icons-material/ExpandLess';
import ExpandMore from '@mui/icons-material/ExpandMore';
import { Link as RouterLink, useLocation } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { Me } from '@edc/domain';
import { visibleMenu, type MenuLink, type VisibleItem } from './menu';

function isActive(pathname: string, to: string): boolean {
  const base = to.replace(/\/info$/, '');
  return pathname === to || pathname.startsWith(`${base}/`);
}

function ChildLink({ link, pathname }: { link: MenuLink; pathname: string }) {
  const { t } = useTranslation();
  const active = isActive(pathname, link.to);
  const Icon = link.icon;
  return (
    <ListItemButton
      component={RouterLink}
      to={link.to}
      selected={active}
      aria-current={active ? 'page' : undefined}
      sx={{ pl: 9 }}
    >
      {Icon && (
        <ListItemIcon sx={{ minWidth: 36 }}>
          <Icon fontSize="small" />
        </ListItemIcon>
      )}
      <ListItemText
        primary={link.translate ? t(link.label) : link.label}
        slotProps={{ primary: { noWrap: true, title: link.translate ? undefined : link.label } }}
      />
      {link.current && <Chip label={t('identity:current')} size="small" color="primary" variant="outlined" sx={{ ml: 1 }} />}
    </ListItemButton>
  );
}

function Group({ item, pathname }: { item: VisibleItem; pathname: string }) {
  const { t } = useTranslation();
  const children = item.children ?? [];
  const [open, setOpen] = useState(() => children.some((c) => isActive(pathname, c.to)) || children.length <= 5);
  const Icon = item.def.icon;
  const id = `menu-group-${item.def.key}`;
  return (
    <li>
      <ListItemButton onClick={() => setOpen((o) => !o)} aria-expanded={open} aria-controls={id}>
        <ListItemIcon>
          <Icon />
        </ListItemIcon>
        <ListItemText primary={t(item.def.labelKey)} />
        {open ? <ExpandLess aria-hidden /> : <ExpandMore aria-hidden />}
      </ListItemButton>
      <Collapse in={open} timeout="auto" unmountOnExit>
        <List id={id} disablePadding aria-label={t(item.def.labelKey)}>
          {children.map((c) => (
            <li key={c.key}>
              <ChildLink link={c} pathname={pathname} />
            </li>
          ))}
        </List>
      </Collapse>
    </li>
  );
}

/** The side menu (md and up). */
export function SideMenu({ me }: { me: Me }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const items = visibleMenu(me);
  return (
    <List component="ul" sx={{ py: 1 }}>
      {items.map((item) => {
        if (item.children) return <Group key={item.def.key} item={item} pathname={pathname} />;
        const Icon = item.def.icon;
        const active = item.to !== undefined && isActive(pathname, item.to);
        return (
          <li key={item.def.key}>
            <ListItemButton
              component={RouterLink}
              to={item.to ?? '/'}
              selected={active}
              aria-current={active ? 'page' : undefined}
            >
              <ListItemIcon>
                <Icon />
              </ListItemIcon>
              <ListItemText primary={t(item.def.labelKey)} />
            </ListItemButton>
          </li>
        );
      })}
    </List>
  );
}
