import type { SvgIconComponent } from '@mui/icons-material';
import AccountCircleOutlined from '@mui/icons-material/AccountCircleOutlined';
import AdminPanelSettingsOutlined from '@mui/icons-material/AdminPanelSettingsOutlined';
import ApartmentOutlined from '@mui/icons-material/ApartmentOutlined';
import AssignmentTurnedInOutlined from '@mui/icons-material/AssignmentTurnedInOutlined';
import BarChartOutlined from '@mui/icons-material/BarChartOutlined';
import BiotechOutlined from '@mui/icons-material/BiotechOutlined';
import EventNoteOutlined from '@mui/icons-material/EventNoteOutlined';
import FactCheckOutlined from '@mui/icons-material/FactCheckOutlined';
import GavelOutlined from '@mui/icons-material/GavelOutlined';
import GridOnOutlined from '@mui/icons-material/GridOnOutlined';
import GroupOutlined from '@mui/icons-material/GroupOutlined';
import HistoryOutlined from '@mui/icons-material/HistoryOutlined';
import ImportExportOutlined from '@mui/icons-material/ImportExportOutlined';
import DescriptionOutlined from '@mui/icons-material/DescriptionOutlined';
import DomainOutlined from '@mui/icons-material/DomainOutlined';
import StraightenOutlined from '@mui/icons-material/StraightenOutlined';
import InfoOutlined from '@mui/icons-material/InfoOutlined';
import Inventory2Outlined from '@mui/icons-material/Inventory2Outlined';
import LocalPharmacyOutlined from '@mui/icons-material/LocalPharmacyOutlined';
import MenuBookOutlined from '@mui/icons-material/MenuBookOutlined';
import QuestionAnswerOutlined from '@mui/icons-material/QuestionAnswerOutlined';
import ScheduleOutlined from '@mui/icons-material/ScheduleOutlined';
import SettingsOutlined from '@mui/icons-material/SettingsOutlined';
import TableChartOutlined from '@mui/icons-material/TableChartOutlined';
import TravelExploreOutlined from '@mui/icons-material/TravelExploreOutlined';
import VerifiedUserOutlined from '@mui/icons-material/VerifiedUserOutlined';
import ViewListOutlined from '@mui/icons-material/ViewListOutlined';
import type { Me, OrganisationType, PermissionKey, UserRole } from '@edc/domain';
import { isBuiltRoute, organisationCabinetPath } from '../routes';
import { currentEmployee, currentOrganisationUser } from '../../features/identity/api';

/** What the menu rules look at (spec section 2, "Shell"). */
export interface MenuContext {
  me: Me;
  permissions: ReadonlySet<PermissionKey>;
  /** Type of the current employee's centre. */
  organisationType: OrganisationType | null;
  /** The user's own role (administration group). */
  userRole: UserRole;
  /** The user's role in the current organisation (research settings for sponsors and users). */
  organisationRole: UserRole | null;
  researchId: string | null;
}

export interface MenuLink {
  key: string;
  /** A translation key, or a ready text (organisation names). */
  label: string;
  translate: boolean;
  to: string;
  icon?: SvgIconComponent;
  current?: boolean;
}

export interface MenuItemDef {
  key: string;
  labelKey: string;
  icon: SvgIconComponent;
  /** Who sees it. */
  visible: (ctx: MenuContext) => boolean;
  /** A single link... */
  to?: (ctx: MenuContext) => string;
  /** ...or an expandable group of links. */
  children?: (ctx: MenuContext) => MenuLink[];
  /** Only in the user menu on mobile (the spec's research info link); other items show in both places. */
  mobileOnly?: boolean;
}

const has = (key: PermissionKey) => (ctx: MenuContext) => ctx.permissions.has(key);
const link = (key: string, labelKey: string, to: string, icon?: SvgIconComponent): MenuLink => ({
  key,
  label: labelKey,
  translate: true,
  to,
  icon,
});

/**
 * The side menu, in the spec's order. An item shows when its rule allows it AND its route is built
 * (routes.ts BUILT_ROUTES), so a later issue only adds its route there and, if new, an item here.
 */
export const MENU: MenuItemDef[] = [
  {
    key: 'monitoringVisits',
    labelKey: 'shell:menu.monitoringVisits',
    icon: TravelExploreOutlined,
    visible: has('monitoring_visits'),
    to: () => '/monitoringVisits',
  },
  {
    key: 'subjectMatrix',
    labelKey: 'shell:menu.subjectMatrix',
    icon: GridOnOutlined,
    visible: has('subject_matrix'),
    to: () => '/subjectmatrix',
  },
  {
    key: 'researchInfo',
    labelKey: 'shell:menu.researchInfo',
    icon: InfoOutlined,
    visible: (ctx) => ctx.researchId !== null,
    to: (ctx) => `/researchInfo/${ctx.researchId}`,
    mobileOnly: true,
  },
  {
    key: 'researchSettings',
    labelKey: 'shell:menu.researchSettings',
    icon: SettingsOutlined,
    visible: (ctx) => ctx.organisationType === 'Admin' && (ctx.organisationRole === 'Sponsor' || ctx.organisationRole === 'User'),
    to: () => '/researchSettings/visits',
  },
  {
    key: 'profile',
    labelKey: 'shell:menu.profile',
    icon: AccountCircleOutlined,
    visible: () => true,
    to: () => '/profile',
  },
  {
    key: 'organisations',
    labelKey: 'shell:menu.organisations',
    icon: ApartmentOutlined,
    visible: (ctx) => ctx.me.organisationUsers.length > 0,
    children: (ctx) =>
      ctx.me.organisationUsers.map((ou) => ({
        key: ou.id,
        label: ou.organisation.shortName,
        translate: false,
        to: organisationCabinetPath(ou.organisation.id),
        current: ou.id === ctx.me.currentOrganisationUserId,
      })),
  },
  {
    key: 'queries',
    labelKey: 'shell:menu.queries',
    icon: QuestionAnswerOutlined,
    visible: has('queries'),
    to: () => '/queries',
  },
  {
    key: 'journals',
    labelKey: 'shell:menu.journals',
    icon: MenuBookOutlined,
    visible: has('journals'),
    to: () => '/journals',
  },
  {
    key: 'dosings',
    labelKey: 'shell:menu.dosings',
    icon: LocalPharmacyOutlined,
    visible: has('dosings'),
    to: () => '/dosings',
  },
  {
    // IWRS supply (docs/iwrs.md): the sponsor's lists, kits and shipments; a site's kits and arrivals.
    key: 'iwrs',
    labelKey: 'shell:menu.iwrs',
    icon: Inventory2Outlined,
    visible: (ctx) =>
      ctx.permissions.has('iwrs_supply') ||
      (ctx.permissions.has('dosings') && (ctx.organisationType === 'Site' || ctx.organisationType === 'TestSite')),
    to: () => '/iwrs/kits',
  },
  {
    key: 'summary',
    labelKey: 'shell:menu.summary',
    icon: TableChartOutlined,
    visible: has('summary'),
    to: () => '/summary',
  },
  {
    key: 'researchVisits',
    labelKey: 'shell:menu.researchVisits',
    icon: EventNoteOutlined,
    visible: has('research_visits'),
    to: () => '/research/visits',
  },
  {
    key: 'researchStatistic',
    labelKey: 'shell:menu.researchStatistic',
    icon: BarChartOutlined,
    visible: (ctx) => ctx.researchId !== null && ctx.permissions.has('research_statistic'),
    to: () => '/research/statistic',
  },
  {
    key: 'qaValidation',
    labelKey: 'shell:menu.qaValidation',
    icon: FactCheckOutlined,
    visible: (ctx) =>
      (ctx.organisationType === 'Qa' && ctx.permissions.has('qa_validation_visits')) ||
      (ctx.organisationType === 'Admin' && ctx.permissions.has('qa_validation_notes')),
    to: (ctx) => (ctx.organisationType === 'Qa' ? '/qaValidation/visits' : '/qaValidation/notes'),
  },
  { key: 'rules', labelKey: 'shell:menu.rules', icon: GavelOutlined, visible: has('rules'), to: () => '/rules' },
  {
    key: 'researchReferences',
    labelKey: 'centres:menu.references',
    icon: StraightenOutlined,
    visible: (ctx) =>
      ctx.researchId !== null && (ctx.permissions.has('research_references') || ctx.permissions.has('references_edit')),
    to: () => '/researchReferences',
  },
  {
    // Dataset exports and ODM imports of the current research (docs/data-exchange.md).
    key: 'dataExchange',
    labelKey: 'shell:menu.dataExchange',
    icon: ImportExportOutlined,
    visible: (ctx) => ctx.permissions.has('data_export') || ctx.permissions.has('data_import'),
    to: () => '/dataExchange',
  },
  {
    key: 'researchMonitoringVisits',
    labelKey: 'shell:menu.researchMonitoringVisits',
    icon: AssignmentTurnedInOutlined,
    // The page built so far is the planners' (monitoring_visits_settings); a site's own view is not built.
    visible: (ctx) => ctx.permissions.has('research_monitoring_visits') && ctx.permissions.has('monitoring_visits_settings'),
    to: () => '/researchSettings/monitoringVisits',
  },
  {
    key: 'administration',
    labelKey: 'shell:menu.administration',
    icon: AdminPanelSettingsOutlined,
    visible: (ctx) => ctx.userRole === 'Admin' || ctx.userRole === 'Editor',
    children: (ctx) => [
      link('adminResearchSettings', 'shell:menu.researchSettings', '/researchSettings/visits', SettingsOutlined),
      link('versions', 'shell:menu.versions', '/researchSettings/versions/research', HistoryOutlined),
      ...(ctx.permissions.has('time_points_settings')
        ? [link('timePoints', 'shell:menu.timePoints', '/researchSettings/timePoints', ScheduleOutlined)]
        : []),
      ...(ctx.permissions.has('monitoring_visits_settings')
        ? [
            link(
              'monitoringVisitsSettings',
              'shell:menu.researchMonitoringVisits',
              '/researchSettings/monitoringVisits',
              AssignmentTurnedInOutlined,
            ),
          ]
        : []),
      // Design-and-admin section 2, "Documents page": the research's documents for their administrators.
      ...(ctx.permissions.has('documents_settings')
        ? [link('researchDocuments', 'shell:menu.researchDocuments', '/researchSettings/documents/list', DescriptionOutlined)]
        : []),
      link('researches', 'shell:menu.researches', '/researches', BiotechOutlined),
      link('organisationSettings', 'shell:menu.organisationSettings', '/organizations', ApartmentOutlined),
      link('researchCentres', 'centres:menu.centres', '/researchSettings/centers', DomainOutlined),
      link('forms', 'shell:menu.forms', '/forms', ViewListOutlined),
      // Verifying the audit trail: user role Admin only (docs/audit-trail.md).
      ...(ctx.userRole === 'Admin' ? [link('audit', 'shell:menu.audit', '/administration/audit', VerifiedUserOutlined)] : []),
    ],
  },
  {
    key: 'users',
    labelKey: 'centres:menu.users',
    icon: GroupOutlined,
    visible: has('users_settings'),
    to: () => '/users',
  },
];

export function menuContext(me: Me): MenuContext {
  const employee = currentEmployee(me);
  return {
    me,
    permissions: new Set(me.permissions),
    organisationType: employee?.researchOrganisation.organisationTypeString ?? null,
    userRole: me.user.userRole,
    organisationRole: currentOrganisationUser(me)?.userRoleString ?? null,
    researchId: employee?.researchOrganisation.research.id ?? null,
  };
}

export interface VisibleItem {
  def: MenuItemDef;
  to?: string;
  children?: MenuLink[];
}

/**
 * The items this user sees, limited to built routes; groups with no built link are dropped. On mobile
 * (no side menu) the same items go into the user menu.
 */
export function visibleMenu(me: Me, opts: { mobile?: boolean } = {}): VisibleItem[] {
  const ctx = menuContext(me);
  const items: VisibleItem[] = [];
  for (const def of MENU) {
    if (def.mobileOnly && !opts.mobile) continue;
    if (!def.visible(ctx)) continue;
    if (def.children) {
      const children = def.children(ctx).filter((c) => isBuiltRoute(c.to));
      if (children.length > 0) items.push({ def, children });
    } else if (def.to) {
      const to = def.to(ctx);
      if (isBuiltRoute(to)) items.push({ def, to });
    }
  }
  return items;
}
