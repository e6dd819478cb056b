import type { EmployeeType, Language, OrganisationType, PermissionKey, UserRole } from '@edc/domain';

/** The signed-in caller and the context it works in, resolved once per request from its session. */
export interface Actor {
  sessionId: string;
  userId: string;
  email: string;
  userRole: UserRole;
  language: Language;
  organisationUser: { id: string; organisationId: string; userRole: UserRole; isVerify: boolean } | null;
  /** The current employee, only while its access is open. */
  employee: {
    id: string;
    employeeType: EmployeeType;
    researchOrganisationId: string;
    organisationId: string;
    organisationType: OrganisationType;
    researchId: string;
    withIwrs: boolean;
    protocolNumber: string;
  } | null;
  permissions: ReadonlySet<PermissionKey>;
}

declare module 'fastify' {
  interface FastifyRequest {
    actor?: Actor;
  }
  interface FastifyContextConfig {
    /** The route answers without a session (a session, when sent, is still resolved). */
    public?: boolean;
  }
}
