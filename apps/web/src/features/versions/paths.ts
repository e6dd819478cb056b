/** Tabs of the versions settings page (spec section 2: "versions settings /research and /protocol"). */
export const VERSION_TABS = ['research', 'protocol'] as const;
export type VersionsTab = (typeof VERSION_TABS)[number];

export const isVersionsTab = (tab: string | undefined): tab is VersionsTab => VERSION_TABS.includes(tab as VersionsTab);

/** /researchSettings/versions/{tab}, keeping the chosen research when there is one. */
export const versionsPath = (tab: VersionsTab = 'research', researchId?: string | null) =>
  `/researchSettings/versions/${tab}${researchId ? `?researchId=${encodeURIComponent(researchId)}` : ''}`;
