import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import Add from '@mui/icons-material/Add';
import ContentCopy from '@mui/icons-material/ContentCopy';
import DeleteOutline from '@mui/icons-material/DeleteOutline';
import InfoOutlined from '@mui/icons-material/InfoOutlined';
import { Link as RouterLink } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { useReorderSections, useSectionMutations, useSections, type Form, type SectionWithFields } from '../api';
import { PointChips, QueryBlock, useDeleteDialog } from '../components/common';
import { FormStateActions } from '../components/FormStateActions';
import { ResponsiveList } from '../components/ResponsiveList';
import { useFormActions } from '../formActionsApi';
import { formEditorPath } from '../paths';
import { SectionDialog, SectionInfoDialog } from './SectionDialogs';

/** The right side of the visit forms page: the chosen form's actions and its sections. */
export function SectionsPanel({ form, visitId, onSplit }: { form: Form; visitId: string; onSplit: (copy: Form) => void }) {
  const { t } = useTranslation();
  const sections = useSections(form.id);
  const reorder = useReorderSections(form.id);
  const { remove } = useSectionMutations();
  const { copySection } = useFormActions();
  const [adding, setAdding] = useState(false);
  const [infoId, setInfoId] = useState<string | null>(null);
  const list = sections.data ?? [];
  const info = list.find((s) => s.id === infoId) ?? null;
  const deletion = useDeleteDialog<SectionWithFields>(remove, {
    title: t('design:section.deleteTitle'),
    text: (x) => t('design:section.deleteText', { name: x?.sectionName ?? '' }),
  });
  return (
    <Paper variant="outlined" component="section" aria-labelledby="sections-title" sx={{ p: 2, minWidth: 0 }}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1, mb: 1 }}>
        <Typography variant="h2" id="sections-title" sx={{ flex: 1, minWidth: 200 }}>
          {t('design:section.of', { title: form.title })}
        </Typography>
        {form.complete && <Chip color="success" size="small" label={t('design:common.complete')} />}
        <Button component={RouterLink} to={formEditorPath(visitId, form.id)} variant="outlined">
          {t('design:form.openEditor')}
        </Button>
      </Box>
      <FormStateActions form={form} onSplit={onSplit} />
      <QueryBlock
        query={sections}
        errorText={t('design:errors.form')}
        empty={list.length === 0}
        emptyText={t('design:section.empty')}
      >
        <ResponsiveList
          label={t('design:section.listLabel')}
          testId="section"
          rows={list}
          getId={(s) => s.id}
          rowLabel={(s) => s.sectionName}
          sortable={!form.complete}
          onMove={(item, from, to) => reorder.mutate({ item, from, to })}
          columns={[
            {
              key: 'name',
              header: t('design:section.name'),
              primary: true,
              render: (s) => (
                <Link component={RouterLink} to={formEditorPath(visitId, form.id, { sectionId: s.id })}>
                  {s.sectionName}
                </Link>
              ),
            },
            { key: 'fields', header: t('design:section.fieldCount'), render: (s) => s.formFieldList.length },
            { key: 'points', header: t('design:visit.pointList'), render: (s) => <PointChips points={s.pointList} /> },
          ]}
          actions={(s) => (
            <>
              <Tooltip title={t('design:common.details')}>
                <IconButton aria-label={t('design:section.infoOf', { name: s.sectionName })} onClick={() => setInfoId(s.id)}>
                  <InfoOutlined />
                </IconButton>
              </Tooltip>
              {!form.complete && (
                <>
                  <Tooltip title={t('design:section.copy')}>
                    <IconButton
                      aria-label={t('design:section.copyOf', { name: s.sectionName })}
                      onClick={() => copySection.mutate(s.id)}
                      disabled={copySection.isPending}
                    >
                      <ContentCopy />
                    </IconButton>
                  </Tooltip>
                  <Tooltip title={t('design:common.delete')}>
                    <IconButton
                      aria-label={t('design:section.deleteOf', { name: s.sectionName })}
                      onClick={() => deletion.ask(s)}
                    >
                      <DeleteOutline />
                    </IconButton>
                  </Tooltip>
                </>
              )}
            </>
          )}
        />
      </QueryBlock>
      {!form.complete && (
        <Button startIcon={<Add />} onClick={() => setAdding(true)} sx={{ mt: 1 }}>
          {t('design:section.create')}
        </Button>
      )}
      <SectionDialog open={adding} onClose={() => setAdding(false)} formId={form.id} />
      <SectionInfoDialog
        section={info}
        fieldCount={info?.formFieldList.length}
        formComplete={form.complete}
        onClose={() => setInfoId(null)}
      />
      {deletion.dialog}
    </Paper>
  );
}
