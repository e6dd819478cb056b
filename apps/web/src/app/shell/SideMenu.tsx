import { useEffect, useState } from 'react';
import Chip from '@mui/material/Chip';
import Collapse from '@mui/material/Collapse';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import ExpandLess from '@mui/icons-material/ExpandLess';
import ExpandMore from '@mui/icons-material/ExpandMore';
import { Link as RouterLink, matchPath, useLocation } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { Me } from '@edc/domain';
import { BUILT_ROUTES } from '../routes';
import { visibleMenu, type MenuLink, type VisibleItem } from './menu';

/**
 * The part of the app a link stands for: the link itself, or — for a link to a tab of a page (its route
 * ends in /:tab, such as /researchSettings/versions/research) — the page with every tab.
 */
function sectionOf(to: string): string {
  const tab = BUILT_ROUTES.some((route) => route.endsWith('/:tab') && matchPath({ path: route, end: true }, to));
  return tab ? to.slice(0, to.lastIndexOf('/')) : to;
}

/** A link is current on its own path and under its section (/researchSettings/versions/protocol for Versions). */
function isActive(pathname: string, to: string): boolean {
  const section = sectionOf(to);
  return pathname === to || pathname === section || pathname.startsWith(`${section}/`);
}

/** Groups of up to this many links start open (the administration group has up to 10); longer lists start closed. */
const OPEN_GROUP_LINKS = 10;

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
  const holdsCurrent = children.some((c) => isActive(pathname, c.to));
  const [open, setOpen] = useState(() => holdsCurrent || children.length <= OPEN_GROUP_LINKS);
  // Arriving on one of its pages (a redirect after sign-in, a link elsewhere) opens the group.
  useEffect(() => {
    if (holdsCurrent) setOpen(true);
  }, [holdsCurrent]);
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
