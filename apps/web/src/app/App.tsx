import { lazy, Suspense } from 'react';
import { BrowserRouter, Navigate, Route, Routes } from 'react-router-dom';
import { Loading } from '../shared/components/Loading';
import { PublicLayout } from './PublicLayout';
import { RedirectIfSignedIn, RequireAuth } from './guards';
import { SessionEvents } from './SessionEvents';

// Every page is its own chunk: /login downloads only the public frame and the sign-in form.
const SignInPage = lazy(() => import('../features/auth/SignInPage'));
const RestorePasswordPage = lazy(() => import('../features/auth/RestorePasswordPage'));
const SetPasswordPage = lazy(() => import('../features/auth/SetPasswordPage'));
const SetPasswordWithCredentialsPage = lazy(() => import('../features/auth/SetPasswordWithCredentialsPage'));
const SignUpPage = lazy(() => import('../features/auth/SignUpPage'));
const LoginWithDrTrialPage = lazy(() =>
  import('../features/auth/ExternalEntryPages').then((m) => ({ default: m.LoginWithDrTrialPage })),
);
const DrTrialVisitPage = lazy(() => import('../features/auth/ExternalEntryPages').then((m) => ({ default: m.DrTrialVisitPage })));
const ManualPage = lazy(() => import('../features/help/ManualPage'));
const DocumentsPage = lazy(() => import('../features/help/DocumentsPage'));

const ProtectedLayout = lazy(() => import('./shell/ProtectedLayout'));
const HomePage = lazy(() => import('../features/identity/HomePage'));
const ProfilePage = lazy(() => import('../features/identity/ProfilePage'));
const OrganisationCabinetPage = lazy(() => import('../features/identity/OrganisationCabinetPage'));
const PageAtWork = lazy(() => import('../features/pageAtWork/PageAtWork'));
const VisitsSettingsPage = lazy(() => import('../features/design/visits/VisitsSettingsPage'));
const VersionsSettingsPage = lazy(() => import('../features/versions/VersionsSettingsPage'));
const VisitFormsPage = lazy(() => import('../features/design/forms/VisitFormsPage'));
const FormEditorPage = lazy(() => import('../features/design/editor/FormEditorPage'));
const FormTypesPage = lazy(() => import('../features/design/formTypes/FormTypesPage'));
const SubjectMatrixPage = lazy(() => import('../features/subjects/SubjectMatrixPage'));
const SubjectPage = lazy(() => import('../features/subjects/SubjectPage'));
const SubjectVisitPage = lazy(() => import('../features/subject-visit/SubjectVisitPage'));
const UsersPage = lazy(() => import('../features/centres/UsersPage'));
const CentresPage = lazy(() => import('../features/centres/CentresPage'));
const CentrePage = lazy(() => import('../features/centres/CentrePage'));
const OrganisationsPage = lazy(() => import('../features/centres/OrganisationsPage'));
const OrganisationPage = lazy(() => import('../features/centres/OrganisationPage'));
const ResearchReferencesPage = lazy(() => import('../features/centres/ResearchReferencesPage'));
const ResearchesPage = lazy(() => import('../features/researches/ResearchesPage'));
const ResearchInfoPage = lazy(() => import('../features/researches/ResearchInfoPage'));
const AuditPage = lazy(() => import('../features/audit/AuditPage'));
const QueriesPage = lazy(() => import('../features/queries/QueriesPage'));
const RulesPage = lazy(() => import('../features/rules/RulesPage'));
const QaVisitsPage = lazy(() => import('../features/qa-validation/QaVisitsPage'));
const QaNotesPage = lazy(() => import('../features/qa-validation/QaNotesPage'));
const TimePointsSettingsPage = lazy(() => import('../features/time-points/TimePointsSettingsPage'));
const SubjectTimePointsPage = lazy(() => import('../features/time-points/SubjectTimePointsPage'));
const DataExchangePage = lazy(() => import('../features/data-exchange/DataExchangePage'));
const DosingsPage = lazy(() => import('../features/iwrs/DosingsPage'));
const IwrsSettingsPage = lazy(() => import('../features/iwrs/IwrsSettingsPage'));
const MonitoringVisitsPage = lazy(() => import('../features/monitoring/MonitoringVisitsPage'));
const MonitoringVisitPage = lazy(() => import('../features/monitoring/MonitoringVisitPage'));
const ResearchStatisticPage = lazy(() => import('../features/statistic/ResearchStatisticPage'));
const ResearchVisitsPage = lazy(() => import('../features/statistic/ResearchVisitsPage'));
const SummaryPage = lazy(() => import('../features/summary/SummaryPage'));
const JournalsPage = lazy(() => import('../features/summary/JournalsPage'));
const DocumentsSettingsPage = lazy(() => import('../features/documents/DocumentsSettingsPage'));
const PdfViewerPage = lazy(() => import('../features/documents/PdfViewerPage'));
const MonitoringVisitsSettingsPage = lazy(() => import('../features/monitoring/settings/MonitoringVisitsSettingsPage'));

/** Routes (spec section 2). Protected paths must also be listed in routes.ts BUILT_ROUTES. */
export function App() {
  return (
    <BrowserRouter>
      <SessionEvents />
      <Routes>
        <Route element={<PublicLayout />}>
          <Route
            path="/login"
            element={
              <RedirectIfSignedIn>
                <SignInPage />
              </RedirectIfSignedIn>
            }
          />
          <Route path="/loginWithDrTrial" element={<LoginWithDrTrialPage />} />
          <Route path="/drTrialVisit" element={<DrTrialVisitPage />} />
          <Route path="/signUp" element={<SignUpPage />} />
          <Route path="/restorePassword" element={<RestorePasswordPage />} />
          <Route path="/setPassword/:token?" element={<SetPasswordPage />} />
          <Route path="/setPasswordWCreds/:token?" element={<SetPasswordWithCredentialsPage />} />
          <Route path="/help/manual" element={<ManualPage />} />
          <Route path="/help/documents" element={<DocumentsPage />} />
        </Route>
        {/* The PDF viewer tab: protected, without the shell (the document fills the tab). */}
        <Route
          path="/pdfViewer"
          element={
            <RequireAuth>
              <Suspense fallback={<Loading minHeight="100vh" />}>
                <PdfViewerPage />
              </Suspense>
            </RequireAuth>
          }
        />
        <Route
          element={
            <RequireAuth>
              <Suspense fallback={<Loading minHeight="100vh" />}>
                <ProtectedLayout />
              </Suspense>
            </RequireAuth>
          }
        >
          <Route index element={<HomePage />} />
          <Route path="/profile" element={<ProfilePage />} />
          <Route path="/pageAtWork" element={<PageAtWork />} />
          <Route path="/organizationCabinets/:organizationId/:tab" element={<OrganisationCabinetPage />} />
          <Route path="/researchSettings/visits" element={<VisitsSettingsPage />} />
          <Route path="/researchSettings/versions/:tab" element={<VersionsSettingsPage />} />
          <Route path="/researchSettings/timePoints" element={<TimePointsSettingsPage />} />
          <Route path="/visits/:visitId" element={<VisitFormsPage />} />
          <Route path="/visits/:visitId/form/:formId" element={<FormEditorPage />} />
          <Route path="/forms" element={<FormTypesPage />} />
          <Route path="/subjectmatrix" element={<SubjectMatrixPage />} />
          <Route path="/subject/:subjectId/:tab" element={<SubjectPage />} />
          <Route path="/subjectVisit/:subjectVisitId" element={<SubjectVisitPage />} />
          <Route path="/subjectVisit/:subjectVisitId/timePoints" element={<SubjectTimePointsPage />} />
          <Route path="/users" element={<UsersPage />} />
          <Route path="/researchSettings/centers" element={<CentresPage />} />
          <Route path="/centers/:centerId/:tab" element={<CentrePage />} />
          <Route path="/organizations" element={<OrganisationsPage />} />
          <Route path="/organizations/:organizationId/:tab" element={<OrganisationPage />} />
          <Route path="/researchReferences" element={<ResearchReferencesPage />} />
          <Route path="/researches" element={<ResearchesPage />} />
          <Route path="/researchInfo/:researchId" element={<ResearchInfoPage />} />
          <Route path="/administration/audit" element={<AuditPage />} />
          <Route path="/queries" element={<QueriesPage />} />
          <Route path="/rules" element={<RulesPage />} />
          <Route path="/qaValidation/visits" element={<QaVisitsPage />} />
          <Route path="/qaValidation/notes" element={<QaNotesPage />} />
          <Route path="/dataExchange" element={<DataExchangePage />} />
          <Route path="/dosings" element={<DosingsPage />} />
          <Route path="/iwrs/:tab" element={<IwrsSettingsPage />} />
          <Route path="/monitoringVisits" element={<MonitoringVisitsPage />} />
          <Route path="/monitoringVisits/:monitoringVisitId" element={<MonitoringVisitPage />} />
          <Route path="/researchSettings/monitoringVisits" element={<MonitoringVisitsSettingsPage />} />
          <Route path="/researchSettings/documents/:tab" element={<DocumentsSettingsPage />} />
          <Route path="/research/statistic" element={<ResearchStatisticPage />} />
          <Route path="/research/visits" element={<ResearchVisitsPage />} />
          <Route path="/summary" element={<SummaryPage />} />
          <Route path="/journals" element={<JournalsPage />} />
        </Route>
        <Route path="*" element={<Navigate to="/" replace />} />
      </Routes>
    </BrowserRouter>
  );
}
