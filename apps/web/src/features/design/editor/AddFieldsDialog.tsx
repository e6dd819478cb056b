import { useState } from 'react';
import i18n from 'i18next';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useFieldDefinitions, useFormFieldMutations, type FieldDefinition } from '../api';
import { DesignDialog, QueryBlock, SubmitActions, usePrintWarning } from '../components/common';

interface Row {
  fieldId: string;
  text: string;
  isRequired: boolean;
}

function RowText({ value, onChange, label }: { value: string; onChange: (v: string) => void; label: string }) {
  const warning = usePrintWarning(value);
  return (
    <TextField
      size="small"
      fullWidth
      value={value}
      onChange={(e) => onChange(e.target.value)}
      slotProps={{ htmlInput: { 'aria-label': label } }}
      error={value.trim() === ''}
      helperText={value.trim() === '' ? i18n.t('common:validation.required') : warning}
    />
  );
}

/** Adds one or several fields (field definitions of the form's type) to a section. */
export function AddFieldsDialog({
  open,
  onClose,
  formTypeId,
  sectionId,
}: {
  open: boolean;
  onClose: () => void;
  formTypeId: string;
  sectionId: string;
}) {
  const { t } = useTranslation();
  const definitions = useFieldDefinitions(open ? formTypeId : undefined);
  const { createList } = useFormFieldMutations();
  const [rows, setRows] = useState<Row[]>([]);
  const [touched, setTouched] = useState(false);
  const close = () => {
    setRows([]);
    setTouched(false);
    onClose();
  };
  const toggle = (d: FieldDefinition, on: boolean) =>
    setRows((r) => (on ? [...r, { fieldId: d.id, text: d.title, isRequired: false }] : r.filter((x) => x.fieldId !== d.id)));
  const patch = (fieldId: string, p: Partial<Row>) => setRows((r) => r.map((x) => (x.fieldId === fieldId ? { ...x, ...p } : x)));
  const list = definitions.data ?? [];
  return (
    <DesignDialog
      open={open}
      onClose={close}
      maxWidth="md"
      title={t('design:field.add')}
      onSubmit={(e) => {
        e.preventDefault();
        setTouched(true);
        if (rows.length === 0 || rows.some((r) => r.text.trim() === '')) return;
        createList.mutate(
          { formSectionId: sectionId, formFieldList: rows.map((r) => ({ ...r, text: r.text.trim() })) },
          { onSuccess: close },
        );
      }}
      actions={
        <SubmitActions onCancel={close} pending={createList.isPending} label={t('design:field.addN', { count: rows.length })} />
      }
    >
      <QueryBlock
        query={definitions}
        errorText={t('design:errors.fields')}
        empty={list.length === 0}
        emptyText={t('design:field.noDefinitions')}
      >
        <Box sx={{ overflowX: 'auto' }}>
          <Table size="small" aria-label={t('design:field.definitions')}>
            <TableHead>
              <TableRow>
                <TableCell padding="checkbox" />
                <TableCell>{t('design:field.definition')}</TableCell>
                <TableCell sx={{ minWidth: 200 }}>{t('design:field.text')}</TableCell>
                <TableCell>{t('design:field.isRequired')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {list.map((d) => {
                const row = rows.find((r) => r.fieldId === d.id);
                return (
                  <TableRow key={d.id}>
                    <TableCell padding="checkbox">
                      <Checkbox
                        checked={Boolean(row)}
                        onChange={(e) => toggle(d, e.target.checked)}
                        slotProps={{ input: { 'aria-label': t('design:field.choose', { title: d.title }) } }}
                      />
                    </TableCell>
                    <TableCell>
                      {d.title}
                      <Typography variant="body2" color="text.secondary">
                        {t(`design:fieldType.${d.fieldType}`)} · {d.fieldKey}
                      </Typography>
                    </TableCell>
                    <TableCell>
                      {row && (
                        <RowText
                          value={row.text}
                          onChange={(text) => patch(d.id, { text })}
                          label={t('design:field.textOf', { title: d.title })}
                        />
                      )}
                    </TableCell>
                    <TableCell>
                      {row && (
                        <Checkbox
                          checked={row.isRequired}
                          onChange={(e) => patch(d.id, { isRequired: e.target.checked })}
                          slotProps={{ input: { 'aria-label': t('design:field.requiredOf', { title: d.title }) } }}
                        />
                      )}
                    </TableCell>
                  </TableRow>
                );
              })}
            </TableBody>
          </Table>
        </Box>
        {touched && rows.length === 0 && (
          <Typography color="error" role="alert" sx={{ mt: 1 }}>
            {t('design:field.chooseOne')}
          </Typography>
        )}
      </QueryBlock>
    </DesignDialog>
  );
}
