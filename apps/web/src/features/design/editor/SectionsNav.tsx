import { useState } from 'react';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import Add from '@mui/icons-material/Add';
import InfoOutlined from '@mui/icons-material/InfoOutlined';
import type { UseQueryResult } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { SectionWithFields } from '../api';
import { QueryBlock } from '../components/common';
import { SectionDialog, SectionInfoDialog } from '../forms/SectionDialogs';

/** The editor's left side: the form's sections (choose one; its info; add a section on an open form). */
export function SectionsNav({
  formId,
  sections,
  selectedId,
  complete,
  onChoose,
}: {
  formId: string;
  sections: UseQueryResult<SectionWithFields[]>;
  selectedId: string | null;
  complete: boolean;
  onChoose: (id: string) => void;
}) {
  const { t } = useTranslation();
  const [adding, setAdding] = useState(false);
  const [infoId, setInfoId] = useState<string | null>(null);
  const list = sections.data ?? [];
  const info = list.find((s) => s.id === infoId) ?? null;
  return (
    <Paper variant="outlined" component="section" aria-labelledby="editor-sections" sx={{ p: 2, minWidth: 0 }}>
      <Typography variant="h2" id="editor-sections" sx={{ mb: 1 }}>
        {t('design:section.list')}
      </Typography>
      <QueryBlock
        query={sections}
        errorText={t('design:errors.form')}
        empty={list.length === 0}
        emptyText={t('design:section.empty')}
      >
        <List dense disablePadding aria-labelledby="editor-sections">
          {list.map((s) => (
            <ListItem
              key={s.id}
              disablePadding
              secondaryAction={
                <Tooltip title={t('design:common.details')}>
                  <IconButton
                    edge="end"
                    aria-label={t('design:section.infoOf', { name: s.sectionName })}
                    onClick={() => setInfoId(s.id)}
                  >
                    <InfoOutlined fontSize="small" />
                  </IconButton>
                </Tooltip>
              }
            >
              <ListItemButton
                selected={s.id === selectedId}
                aria-current={s.id === selectedId ? 'true' : undefined}
                onClick={() => onChoose(s.id)}
              >
                <ListItemText
                  primary={s.sectionName}
                  secondary={t('design:section.fieldsN', { count: s.formFieldList.length })}
                  slotProps={{ primary: { sx: { overflowWrap: 'anywhere' } } }}
                />
              </ListItemButton>
            </ListItem>
          ))}
        </List>
      </QueryBlock>
      {!complete && (
        <Button startIcon={<Add />} onClick={() => setAdding(true)} sx={{ mt: 1 }}>
          {t('design:section.create')}
        </Button>
      )}
      <SectionDialog open={adding} onClose={() => setAdding(false)} formId={formId} />
      <SectionInfoDialog
        section={info}
        fieldCount={info?.formFieldList.length}
        formComplete={complete}
        onClose={() => setInfoId(null)}
      />
    </Paper>
  );
}
