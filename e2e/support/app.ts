import fs from 'node:fs';
import path from 'node:path';
import { expect, type Locator, type Page } from '@playwright/test';

export const DEMO_PASSWORD = 'demo-pass-2026';

/** Side menu labels (Russian). Groups are buttons that expand; the rest are links. */
export const MENU = {
  subjectMatrix: 'Матрица субъектов',
  researchSettings: 'Настройки исследования',
  profile: 'Личный кабинет',
  organisations: 'Организации',
  references: 'Референсы',
  administration: 'Администрирование',
  organisationSettings: 'Настройки организаций',
  centres: 'Центры исследования',
  forms: 'Формы',
  versions: 'Версии',
  timePoints: 'Временные точки',
  researches: 'Исследования',
  users: 'Пользователи',
  monitoringVisits: 'Мониторинговые визиты',
  researchMonitoringVisits: 'Мониторинговые визиты исследования',
  researchDocuments: 'Документы исследования',
  researchStatistic: 'Статистика исследования',
  audit: 'Журнал аудита',
  queries: 'Запросы',
  rules: 'Правила',
  dataExchange: 'Обмен данными',
  dosings: 'Дозирования',
  iwrs: 'IWRS: списки, упаковки, поставки',
  qaValidation: 'Валидация исследования',
  journals: 'Журналы',
  summary: 'Сводные таблицы',
  researchVisits: 'Визиты исследования',
} as const;

export interface DemoAccount {
  email: string;
  /** homePath the server computes. */
  homePath: string;
  /** Where the app lands (homePath when that page is built, else /pageAtWork). */
  lands: string;
  /** The h1 of the page it lands on. */
  heading: string;
  /** The current crumb on the landing page; null where breadcrumbs are not shown. */
  crumb: string | null;
  /** Current employee in the role selector, null when the user has no employee. */
  role: string | null;
  organisations: string[];
  currentOrganisation: string | null;
  /** Side menu links the account sees, besides its organisations (every link of the menu is listed). */
  menuLinks: string[];
  /** Side menu groups (expandable buttons) the account sees. */
  menuGroups: string[];
  /** Side menu items the account must not see. */
  menuAbsent: string[];
  /** The menu link marked as the current page on landing; null when no menu item leads there. */
  activeLink: string | null;
}

const pageAtWork = '/pageAtWork';
const subjectMatrix = '/subjectmatrix';
const visitsSettings = '/researchSettings/visits';

/** The administration group (user roles Admin and Editor): its built links. */
const ADMINISTRATION_LINKS = [
  MENU.researchSettings,
  MENU.versions,
  MENU.timePoints,
  MENU.researchMonitoringVisits,
  MENU.researchDocuments,
  MENU.researches,
  MENU.organisationSettings,
  MENU.centres,
  MENU.forms,
];

/**
 * A site, test-site or QA employee: lands on the subject matrix (no breadcrumbs there). QA exports the
 * clinical data (permission data_export: the data exchange page) and validates the design (qaValidation/visits);
 * sites do neither.
 */
function researcher(email: string, role: string, organisation: string, exports = false, testSite = false): DemoAccount {
  const dataExchange = [MENU.dataExchange, MENU.qaValidation];
  // Journals for sites, test sites and QA; summary tables and research visits for sites and QA, not test sites.
  const tables = testSite ? [] : [MENU.summary, MENU.researchVisits];
  return {
    email,
    homePath: subjectMatrix,
    lands: subjectMatrix,
    heading: 'Матрица субъектов',
    crumb: null,
    role,
    organisations: [organisation],
    currentOrganisation: organisation,
    // DEMO-001 has IWRS: everyone in it sees dosings; a site also its kits and shipments (exports: QA, no site).
    // QA (the exporting accounts) also reads the research statistic; sites do not.
    menuLinks: [
      MENU.subjectMatrix,
      MENU.profile,
      MENU.queries,
      MENU.rules,
      MENU.references,
      MENU.dosings,
      MENU.journals,
      ...tables,
      ...(exports ? [...dataExchange, MENU.researchStatistic] : [MENU.iwrs]),
    ],
    menuGroups: [MENU.organisations],
    menuAbsent: [
      MENU.administration,
      MENU.users,
      MENU.researchSettings,
      MENU.forms,
      MENU.organisationSettings,
      ...(testSite ? [MENU.summary, MENU.researchVisits] : []),
      ...(exports ? [] : [...dataExchange, MENU.researchStatistic]),
    ],
    activeLink: MENU.subjectMatrix,
  };
}

export const ACCOUNTS: DemoAccount[] = [
  {
    email: 'admin@demo.test',
    homePath: visitsSettings,
    lands: visitsSettings,
    heading: 'Визиты',
    crumb: 'Визиты',
    role: 'Менеджер — DEMO-001 — Демо Фарма',
    organisations: ['Демо Фарма'],
    currentOrganisation: 'Демо Фарма',
    // Research settings sit in the administration group (the top-level item is for sponsors and users).
    menuLinks: [
      MENU.profile,
      MENU.queries,
      MENU.rules,
      MENU.references,
      MENU.dataExchange,
      MENU.dosings,
      MENU.iwrs,
      MENU.qaValidation,
      MENU.summary,
      MENU.researchVisits,
      MENU.researchStatistic,
      ...ADMINISTRATION_LINKS,
      MENU.audit,
      MENU.users,
    ],
    menuGroups: [MENU.organisations, MENU.administration],
    menuAbsent: [MENU.subjectMatrix, MENU.monitoringVisits, MENU.journals],
    activeLink: MENU.researchSettings,
  },
  {
    // No employee: no research, so no home page of its own and no references.
    email: 'editor@demo.test',
    homePath: pageAtWork,
    lands: pageAtWork,
    heading: 'Раздел в разработке',
    crumb: 'Раздел в разработке',
    role: null,
    organisations: ['Демо Фарма'],
    currentOrganisation: 'Демо Фарма',
    menuLinks: [MENU.profile, ...ADMINISTRATION_LINKS],
    menuGroups: [MENU.organisations, MENU.administration],
    menuAbsent: [
      MENU.subjectMatrix,
      MENU.users,
      MENU.references,
      MENU.monitoringVisits,
      MENU.audit,
      MENU.queries,
      MENU.rules,
      MENU.dataExchange,
      MENU.qaValidation,
      MENU.summary,
      MENU.journals,
      MENU.researchVisits,
    ],
    activeLink: null,
  },
  researcher('site@demo.test', 'Главный исследователь — DEMO-001 — ГКБ №1', 'ГКБ №1'),
  researcher('coresearcher@demo.test', 'Соисследователь — DEMO-001 — ГКБ №1', 'ГКБ №1'),
  researcher('site2@demo.test', 'Главный исследователь — DEMO-001 — Клиника Здоровье', 'Клиника Здоровье'),
  researcher('testsite@demo.test', 'Главный исследователь — DEMO-001 — Тестовый центр', 'Тестовый центр', false, true),
  researcher('qa@demo.test', 'Специалист отдела качества — DEMO-001 — Контроль качества', 'Контроль качества', true),
  researcher('dm@demo.test', 'Дата-менеджер — DEMO-001 — Контроль качества', 'Контроль качества', true),
  {
    // The monitor's home: their monitoring visits (no breadcrumbs there).
    email: 'kio@demo.test',
    homePath: '/monitoringVisits',
    lands: '/monitoringVisits',
    heading: 'Мониторинговые визиты',
    crumb: null,
    role: 'Монитор — DEMO-001 — КИО Мониторинг',
    organisations: ['КИО Мониторинг'],
    currentOrganisation: 'КИО Мониторинг',
    menuLinks: [
      MENU.monitoringVisits,
      MENU.subjectMatrix,
      MENU.profile,
      MENU.queries,
      MENU.dosings,
      MENU.summary,
      MENU.researchVisits,
      MENU.researchStatistic,
    ],
    menuGroups: [MENU.organisations],
    menuAbsent: [
      MENU.administration,
      MENU.users,
      MENU.references,
      MENU.researchSettings,
      MENU.rules,
      MENU.dataExchange,
      MENU.journals,
    ],
    activeLink: MENU.monitoringVisits,
  },
];

export function account(email: string): DemoAccount {
  const found = ACCOUNTS.find((a) => a.email === email);
  if (!found) throw new Error(`No demo account ${email}`);
  return found;
}

/** Fills the sign-in form and waits until the app has left /login. */
export async function signIn(page: Page, email: string, password = DEMO_PASSWORD): Promise<void> {
  if (!page.url().includes('/login')) await page.goto('/login');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.getByRole('textbox', { name: 'E-mail', exact: true }).fill(email);
  await passwordInput(page, 'Пароль').fill(password);
  await page.getByRole('button', { name: 'Войти', exact: true }).click();
  await expect(page).not.toHaveURL(/\/login/);
}

/** A password input by its label (the show/hide button's label also contains the word). */
export function passwordInput(page: Page, label: string) {
  return page.getByRole('textbox', { name: label, exact: true });
}

export async function openUserMenu(page: Page) {
  await page.getByRole('button', { name: /^(Меню пользователя|User menu of)/ }).click();
  const menu = page.getByRole('menu');
  await expect(menu).toBeVisible();
  return menu;
}

export async function signOut(page: Page): Promise<void> {
  const menu = await openUserMenu(page);
  await menu.getByRole('menuitem', { name: /^(Выход|Sign out)$/ }).click();
  await expect(page).toHaveURL(/\/login$/);
}

export function sideMenu(page: Page) {
  return page.getByRole('navigation', { name: /^(Главное меню|Main menu)$/ });
}

export function roleButton(page: Page) {
  return page.getByRole('button', { name: /^(Роль и исследование|Role and research):/ });
}

export function toast(page: Page, text: string | RegExp) {
  return page.locator('#notistack-snackbar').filter({ hasText: text });
}

/** Mails written by the server to DATA_DIR/outbox (*.json: {to, subject, text, links}). */
export interface OutboxMail {
  to: string | string[];
  subject: string;
  text: string;
  links: string[];
  file: string;
}

export function outboxDir(): string {
  const dir = process.env.E2E_DATA_DIR;
  if (!dir) throw new Error('E2E_DATA_DIR is not set (see e2e/playwright.config.ts)');
  return path.join(dir, 'outbox');
}

export function readOutbox(): OutboxMail[] {
  const dir = outboxDir();
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .sort()
    .map((f) => ({ ...(JSON.parse(fs.readFileSync(path.join(dir, f), 'utf8')) as Omit<OutboxMail, 'file'>), file: f }));
}

function addressedTo(mail: OutboxMail, email: string): boolean {
  const to = Array.isArray(mail.to) ? mail.to.join(',') : String(mail.to);
  return to.toLowerCase().includes(email.toLowerCase());
}

/** Waits for a mail to `email` that was not in `before`, whose links include one matching `linkPattern`. */
export async function waitForMailLink(email: string, linkPattern: RegExp, before: Set<string>): Promise<string> {
  let link: string | undefined;
  await expect
    .poll(
      () => {
        const mail = readOutbox()
          .filter((m) => !before.has(m.file) && addressedTo(m, email))
          .find((m) => (m.links ?? []).some((l) => linkPattern.test(l)));
        link = mail?.links.find((l) => linkPattern.test(l));
        return link ?? null;
      },
      { message: `a mail to ${email} with a link matching ${linkPattern}`, timeout: 15_000 },
    )
    .not.toBeNull();
  const url = new URL(link!, 'http://placeholder');
  return `${url.pathname}${url.search}`;
}

export function outboxFiles(): Set<string> {
  return new Set(readOutbox().map((m) => m.file));
}

/**
 * Opens a collapsible card's details (design ResponsiveList on a phone) and waits until they have finished
 * opening: a click on a button in them while they still grow can miss it on a slow machine.
 */
export async function expandCard(card: Locator, name: string): Promise<void> {
  const expand = card.getByRole('button', { name: `Развернуть ${name}`, exact: true });
  const details = await expand.getAttribute('aria-controls');
  await expand.click();
  await expect(card.locator(`[id="${details}"]`)).toHaveClass(/MuiCollapse-entered/);
}
