import type { FastifyInstance } from 'fastify';
import { researchesAdminRoutes } from './researches-admin/researches-admin.routes.js';
import { researchVersionsRoutes } from './research-versions/research-versions.routes.js';
import { protocolVersionsRoutes } from './protocol-versions/protocol-versions.routes.js';
import { visitsRoutes } from './visits/visits.routes.js';
import { formTypesRoutes } from './form-types/form-types.routes.js';
import { fieldsRoutes } from './fields/fields.routes.js';
import { formsRoutes } from './forms/forms.routes.js';
import { sectionsRoutes } from './sections/sections.routes.js';
import { formFieldsRoutes } from './form-fields/form-fields.routes.js';
import { formTemplatesRoutes } from './form-templates/form-templates.routes.js';
import { odmRoutes } from './odm/odm.routes.js';
import { redcapRoutes } from './redcap/redcap.routes.js';

/** The study-design API (docs/design-api.md). */
export function designRoutes(app: FastifyInstance) {
  researchesAdminRoutes(app);
  researchVersionsRoutes(app);
  protocolVersionsRoutes(app);
  visitsRoutes(app);
  formTypesRoutes(app);
  fieldsRoutes(app);
  formsRoutes(app);
  sectionsRoutes(app);
  formFieldsRoutes(app);
  formTemplatesRoutes(app);
  odmRoutes(app);
  redcapRoutes(app);
}
