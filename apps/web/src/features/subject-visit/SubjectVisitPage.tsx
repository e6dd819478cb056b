import './i18n';
import { useMemo, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import InputLabel from '@mui/material/InputLabel';
import Link from '@mui/material/Link';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import OutlinedInput from '@mui/material/OutlinedInput';
import Select from '@mui/material/Select';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import AddCircleOutline from '@mui/icons-material/AddCircleOutline';
import DrawOutlined from '@mui/icons-material/DrawOutlined';
import FlagOutlined from '@mui/icons-material/FlagOutlined';
import VerifiedOutlined from '@mui/icons-material/VerifiedOutlined';
import { useQueryClient } from '@tanstack/react-query';
import { Link as RouterLink, useParams, useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { canChangeVisitDocuments, canSignVisit, type SubjectVisitPage as VisitPage } from '@edc/domain';
import { ApiError, toastError, toastSuccess } from '../../shared/api/client';
import { Loading } from '../../shared/components/Loading';
import { PageTitle } from '../../shared/components/PageTitle';
import { useSubject, useSubjectContext } from '../subjects/api';
import { DocumentsTab } from '../subjects/dialogs/DocumentsTab';
import { CompletedStatusChip, PointChips } from '../subjects/ui';
import { addForm, invalidateVisit, useVisitPage } from './api';
import { EndVisitDialog } from './dialogs/EndVisitDialog';
import { SignVisitDialog } from './dialogs/SignVisitDialog';
import { ValidateVisitDialog } from './dialogs/ValidateVisitDialog';
import { useValidationSide } from './validationApi';
import { sortForms } from './format';
import { FormList } from './FormList';
import { SubjectFormDialog } from './form/SubjectFormDialog';
import { VisitSummary } from './VisitSummary';
import { VisitPdfButton } from './VisitPdfButton';

/** The visit's title with its occurrence when it repeats. */
export const visitTitle = (p: Pick<VisitPage, 'visit' | 'repeatIndex'>) =>
  p.visit.repeating && p.repeatIndex > 0 ? `${p.visit.title} #${p.repeatIndex + 1}` : p.visit.title;

/** The search parameters without the link to a field (subjectFormId, subjectFormFieldId or formFieldId). */
function withoutFieldLink(p: URLSearchParams): URLSearchParams {
  const next = new URLSearchParams(p);
  next.delete('subjectFormId');
  next.delete('subjectFormFieldId');
  next.delete('formFieldId');
  return next;
}

function Block({ title, children, id }: { title: string; children: React.ReactNode; id: string }) {
  return (
    <Box component="section" aria-labelledby={id} sx={{ mb: 3 }}>
      <Typography id={id} variant="h2" component="h2" sx={{ fontSize: 20, fontWeight: 600, mb: 1.5 }}>
        {title}
      </Typography>
      {children}
    </Box>
  );
}

/** The point-list filter: the visit's points, any number of them; none chosen shows everything. */
function PointFilter({ points, value, onChange }: { points: string[]; value: string[]; onChange: (v: string[]) => void }) {
  const { t } = useTranslation();
  if (points.length === 0) return null;
  return (
    <FormControl size="small" sx={{ minWidth: 220, maxWidth: '100%' }}>
      <InputLabel id="point-filter-label">{t('dataEntry:page.pointFilter')}</InputLabel>
      <Select
        labelId="point-filter-label"
        multiple
        value={value}
        onChange={(e) => onChange(typeof e.target.value === 'string' ? e.target.value.split(',') : e.target.value)}
        input={<OutlinedInput label={t('dataEntry:page.pointFilter')} />}
        renderValue={(v) => (v.length ? v.join(', ') : t('dataEntry:page.allPoints'))}
      >
        {points.map((p) => (
          <MenuItem key={p} value={p}>
            <Checkbox checked={value.includes(p)} size="small" />
            <ListItemText primary={p} />
          </MenuItem>
        ))}
      </Select>
    </FormControl>
  );
}

/**
 * The subject visit page (spec section 2): /subjectVisit/:subjectVisitId, `?id=` opens a subject form,
 * `?monitoringVisitId=` adds the monitoring visit's crumb (app/shell/Breadcrumbs.tsx).
 */
export default function SubjectVisitPage() {
  const { t } = useTranslation();
  const { subjectVisitId } = useParams();
  const [params, setParams] = useSearchParams();
  const [points, setPoints] = useState<string[]>([]);
  const ctx = useSubjectContext();
  const page = useVisitPage(subjectVisitId, points);
  const subject = useSubject(page.data?.subject.id);
  const qc = useQueryClient();
  const [dialog, setDialog] = useState<null | 'sign' | 'end' | 'validate'>(null);
  const validationSide = useValidationSide();
  const [addMenu, setAddMenu] = useState<HTMLElement | null>(null);
  const [adding, setAdding] = useState(false);
  // `?id=` opens a form; the queries page's link `?subjectFormId=…&subjectFormFieldId=…` opens it at a field,
  // and the summary tables' `?subjectFormId=…&formFieldId=…` at the field of that design field.
  const openFormId = params.get('id') ?? params.get('subjectFormId');
  const focusFieldId = params.get('id') ? null : params.get('subjectFormFieldId');
  const focusFormFieldId = params.get('id') ? null : params.get('formFieldId');

  const forms = useMemo(() => sortForms(page.data?.subjectFormList ?? []), [page.data?.subjectFormList]);
  const linked = useMemo(() => sortForms(page.data?.linkedSubjectFormList ?? []), [page.data?.linkedSubjectFormList]);

  if (!subjectVisitId) return null;
  if (page.isPending) return <Loading />;
  if (page.isError) {
    const notFound = page.error instanceof ApiError && page.error.errors[0]?.message;
    return (
      <Alert severity="error">
        {t('dataEntry:page.loadError')}
        {notFound ? ` ${notFound}` : ''}
      </Alert>
    );
  }
  const v = page.data;
  const title = visitTitle(v);
  const signed = Boolean(v.signDate);
  const mayEnd = canSignVisit(ctx.actor);
  const allComplete = forms.length > 0 && forms.every((f) => f.isComplete);
  const signReady = allComplete && points.length === 0 && !page.isFetching && !adding;
  const showSign = (v.canSign || mayEnd) && !signed;
  const showEnd = mayEnd && !signed && !v.completedAt && forms.length > 0;
  const showAdd = ctx.isSiteUser && v.canAddForms && !signed;
  const missingRequired = v.missingRequiredFormList.map((f) => f.title);
  const documentsRule = subject.data ? canChangeVisitDocuments(subject.data, ctx.actor, v) : 'forbidden';

  const openForm = (id: string) =>
    setParams(
      (p) => {
        const next = withoutFieldLink(p);
        next.set('id', id);
        return next;
      },
      { replace: false },
    );
  const closeForm = () => {
    setParams((p) => {
      const next = withoutFieldLink(p);
      next.delete('id');
      return next;
    });
    void invalidateVisit(qc, subjectVisitId);
  };
  const add = async (formId: string, formTitleText: string) => {
    setAddMenu(null);
    setAdding(true);
    try {
      const reply = await addForm(formId, subjectVisitId);
      toastSuccess(t('dataEntry:page.formAdded', { title: formTitleText }));
      await invalidateVisit(qc, subjectVisitId);
      openForm(reply.data.id);
    } catch (e) {
      if (e instanceof ApiError) e.errors.forEach((x) => toastError(x.message));
    } finally {
      setAdding(false);
    }
  };
  const openIndex = forms.findIndex((f) => f.id === openFormId);
  const nextFormId = openIndex >= 0 ? (forms[openIndex + 1]?.id ?? null) : null;

  return (
    <Box>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={1}
        // The Stack's spacing resets its children's margins: the gap below the actions belongs here.
        sx={{ alignItems: { sm: 'center' }, justifyContent: 'space-between', mb: 2 }}
      >
        <Box>
          <PageTitle title={title}>{title}</PageTitle>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mt: -1, mb: 2, flexWrap: 'wrap', rowGap: 1 }}>
            <Link component={RouterLink} to={`/subject/${v.subject.id}/visits`}>
              {t('dataEntry:page.subject', { number: v.subject.screeningNumber })}
            </Link>
            <CompletedStatusChip status={v.formCompletedStatus} />
            {/* The visit's time points: not for monitors (spec section 2). */}
            {!ctx.isKio && (
              <Link component={RouterLink} to={`/subjectVisit/${v.id}/timePoints`}>
                {t('dataEntry:page.timePoints')}
              </Link>
            )}
          </Stack>
        </Box>
        <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1, mb: 2 }}>
          {showAdd && (
            <>
              <Button
                variant="contained"
                startIcon={<AddCircleOutline />}
                loading={adding}
                aria-haspopup="menu"
                onClick={(e) => setAddMenu(e.currentTarget)}
              >
                {t('dataEntry:page.addForm')}
              </Button>
              {addMenu && (
                <Menu anchorEl={addMenu} open onClose={() => setAddMenu(null)}>
                  {v.availableFormList.length === 0 && <MenuItem disabled>{t('dataEntry:page.noAvailableForms')}</MenuItem>}
                  {[...v.availableFormList]
                    .sort((a, b) => a.index - b.index)
                    .map((f) => (
                      <MenuItem key={f.id} onClick={() => void add(f.id, f.title)}>
                        {f.title}
                      </MenuItem>
                    ))}
                </Menu>
              )}
            </>
          )}
          {validationSide && forms.length + linked.length > 0 && (
            <Button variant="outlined" startIcon={<VerifiedOutlined />} onClick={() => setDialog('validate')}>
              {t('validation:visit.open')}
            </Button>
          )}
          {showEnd && (
            <Button variant="outlined" startIcon={<FlagOutlined />} onClick={() => setDialog('end')}>
              {t('dataEntry:page.endVisit')}
            </Button>
          )}
          {signed && <VisitPdfButton subjectVisitId={v.id} />}
          {showSign && (
            <Tooltip title={signReady ? '' : t('dataEntry:page.signHint')}>
              <span>
                <Button
                  variant="contained"
                  color="success"
                  startIcon={<DrawOutlined />}
                  disabled={!signReady}
                  onClick={() => setDialog('sign')}
                >
                  {t('dataEntry:page.sign')}
                </Button>
              </span>
            </Tooltip>
          )}
        </Stack>
      </Stack>

      <VisitSummary page={v} />

      {v.pointList.length > 0 && (
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' }, mb: 3 }}>
          <PointChips points={v.pointList} />
          <PointFilter points={v.pointList} value={points} onChange={setPoints} />
        </Stack>
      )}

      <Block id="visit-forms" title={t('dataEntry:page.forms')}>
        {forms.length === 0 ? (
          <Typography color="text.secondary">{t('dataEntry:page.noForms')}</Typography>
        ) : (
          <FormList forms={forms} onOpen={openForm} />
        )}
      </Block>

      {linked.length > 0 && (
        <Block id="visit-linked-forms" title={t('dataEntry:page.linkedForms')}>
          <FormList forms={linked} onOpen={openForm} />
        </Block>
      )}

      <Block id="visit-documents" title={t('dataEntry:page.documents')}>
        <DocumentsTab
          subjectVisitId={subjectVisitId}
          canEdit={ctx.isSiteUser && documentsRule === null}
          locked={ctx.isSiteUser && documentsRule !== null}
        />
      </Block>

      {openFormId && (
        <SubjectFormDialog
          key={openFormId}
          subjectFormId={openFormId}
          visit={{ id: v.id, title, date: v.date, dayPlus: v.visit.dayPlus, subjectNumber: v.subject.screeningNumber }}
          points={points}
          nextFormId={nextFormId}
          showNextForm={ctx.isSiteUser}
          focusFieldId={focusFieldId}
          focusFormFieldId={focusFormFieldId}
          onOpenForm={(id) =>
            setParams(
              (p) => {
                const next = withoutFieldLink(p);
                next.set('id', id);
                return next;
              },
              { replace: true },
            )
          }
          onClose={closeForm}
        />
      )}
      {dialog === 'sign' && (
        <SignVisitDialog subjectVisitId={v.id} missingRequired={missingRequired} onClose={() => setDialog(null)} />
      )}
      {dialog === 'validate' && validationSide && (
        <ValidateVisitDialog subjectVisitId={v.id} side={validationSide} onClose={() => setDialog(null)} />
      )}
      {dialog === 'end' && (
        <EndVisitDialog
          subjectVisitId={v.id}
          reasonRequired={forms.some((f) => !f.isComplete && f.completedSectionCount < f.sectionCount)}
          onClose={() => setDialog(null)}
        />
      )}
    </Box>
  );
}
