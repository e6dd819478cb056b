import './i18n';
import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import Add from '@mui/icons-material/Add';
import DeleteOutline from '@mui/icons-material/DeleteOutline';
import InfoOutlined from '@mui/icons-material/InfoOutlined';
import ScienceOutlined from '@mui/icons-material/ScienceOutlined';
import { useTranslation } from 'react-i18next';
import { RULES_PAGE_SIZE, type RuleReply } from '@edc/domain';
import { Pager } from '../centres/components';
import type { FormField } from '../design/api';
import { ConfirmDialog, QueryState } from '../design/components/common';
import { ResponsiveList } from '../design/components/ResponsiveList';
import { useRulesAccess } from './access';
import { useRuleMutations, useRulesPage } from './api';
import { centreLabel, ClampedText, ExpressionCell, RulesDialog, ValidatedChip } from './parts';
import { RuleDialog, type RuleDialogTarget } from './RuleDialog';
import { fieldCode } from './ruleFields';
import { RuleTestDialog } from './RuleTestDialog';

/**
 * A field's rules (spec section 2: the form editor's "rules" action): its rules with type, expression,
 * message, centre and the validated flag; admin creates, edits and deletes them, admin and QA test them.
 */
export function FieldRulesDialog({ field, onClose }: { field: FormField | null; onClose: () => void }) {
  if (!field) return null;
  return <FieldRules key={field.id} field={field} onClose={onClose} />;
}

function FieldRules({ field, onClose }: { field: FormField; onClose: () => void }) {
  const { t } = useTranslation();
  const access = useRulesAccess();
  const [paging, setPaging] = useState({ page: 1, pageSize: RULES_PAGE_SIZE });
  const list = useRulesPage({ ...paging, formFieldId: field.id }, access.view);
  const { remove } = useRuleMutations();
  const [open, setOpen] = useState<RuleDialogTarget | null>(null);
  const [testing, setTesting] = useState<RuleReply | null>(null);
  const [deleting, setDeleting] = useState<RuleReply | null>(null);
  const rows = list.data?.data ?? [];
  const total = list.data?.totalCount ?? 0;

  return (
    <RulesDialog
      open
      onClose={onClose}
      maxWidth="lg"
      title={t('rules:field.title', { text: field.text })}
      subtitle={
        <>
          {t('rules:field.code')}:{' '}
          <Box component="code" sx={{ fontFamily: 'monospace' }}>
            [{fieldCode(field)}]
          </Box>{' '}
          · {t(`design:fieldType.${field.field.fieldType}`)}
        </>
      }
      testId="field-rules-dialog"
      actions={
        <Button variant="contained" onClick={onClose}>
          {t('common:actions.close')}
        </Button>
      }
    >
      {access.edit && (
        <Button
          variant="contained"
          startIcon={<Add />}
          sx={{ mb: 2 }}
          onClick={() =>
            setOpen({
              kind: 'create',
              formFieldId: field.id,
              formId: field.formId,
              researchId: field.researchId,
              fieldText: field.text,
            })
          }
        >
          {t('rules:actions.create')}
        </Button>
      )}
      {access.loaded && !access.view ? (
        <Typography color="text.secondary">{t('rules:noRights')}</Typography>
      ) : (
        <QueryState
          loading={list.isLoading}
          error={list.isError && !list.data}
          errorText={t('rules:loadError')}
          onRetry={() => void list.refetch()}
          empty={rows.length === 0}
          emptyText={t('rules:empty')}
        >
          <ResponsiveList<RuleReply>
            label={t('rules:field.list')}
            testId="field-rule"
            rows={rows}
            getId={(r) => r.id}
            rowLabel={(r) => `${t(`rules:type.${r.ruleTypeString}`)}: ${r.expression}`}
            onSelect={(r) => setOpen({ kind: 'open', ruleId: r.id, placeholder: r })}
            columns={[
              {
                key: 'type',
                header: t('rules:column.type'),
                primary: true,
                width: 150,
                render: (r) => <Box sx={{ fontWeight: 500 }}>{t(`rules:type.${r.ruleTypeString}`)}</Box>,
              },
              {
                key: 'expression',
                header: t('rules:column.expression'),
                primary: true,
                render: (r) => <ExpressionCell expression={r.expression} />,
              },
              { key: 'message', header: t('rules:column.message'), render: (r) => <ClampedText text={r.message} /> },
              { key: 'centre', header: t('rules:column.centre'), width: 110, render: (r) => centreLabel(r, t) },
              {
                key: 'validated',
                header: t('rules:column.validated'),
                primary: true,
                width: 150,
                render: (r) => <ValidatedChip validated={r.isValidate} />,
              },
            ]}
            actions={(r) => (
              <RuleRowActions
                rule={r}
                canTest={access.test}
                canDelete={access.edit}
                onOpen={() => setOpen({ kind: 'open', ruleId: r.id, placeholder: r })}
                onTest={() => setTesting(r)}
                onDelete={() => setDeleting(r)}
              />
            )}
          />
        </QueryState>
      )}
      {total > paging.pageSize && (
        <Pager
          page={paging.page}
          pageSize={paging.pageSize}
          total={total}
          onChange={(page, pageSize) => setPaging({ page, pageSize })}
        />
      )}
      <RuleDialog target={open} onClose={() => setOpen(null)} />
      {testing && <RuleTestDialog ruleId={testing.id} placeholder={testing} onClose={() => setTesting(null)} />}
      <ConfirmDialog
        open={deleting !== null}
        title={t('rules:delete.title')}
        text={t('rules:delete.text', { expression: deleting?.expression ?? '' })}
        pending={remove.isPending}
        onClose={() => setDeleting(null)}
        onConfirm={() => deleting && remove.mutate(deleting.id, { onSuccess: () => setDeleting(null) })}
      />
    </RulesDialog>
  );
}

/** A rule row's actions: details, test (admin, QA), delete (admin). */
export function RuleRowActions({
  rule,
  canTest,
  canDelete,
  onOpen,
  onTest,
  onDelete,
}: {
  rule: RuleReply;
  canTest: boolean;
  canDelete?: boolean;
  onOpen: () => void;
  onTest: () => void;
  onDelete?: () => void;
}) {
  const { t } = useTranslation();
  const name = `${t(`rules:type.${rule.ruleTypeString}`)}: ${rule.expression}`;
  return (
    <>
      <Tooltip title={t('rules:actions.details')}>
        <IconButton aria-label={t('rules:actions.detailsOf', { name })} onClick={onOpen}>
          <InfoOutlined />
        </IconButton>
      </Tooltip>
      {canTest && (
        <Tooltip title={t('rules:actions.test')}>
          <IconButton aria-label={t('rules:actions.testOf', { name })} onClick={onTest}>
            <ScienceOutlined />
          </IconButton>
        </Tooltip>
      )}
      {canDelete && onDelete && (
        <Tooltip title={t('rules:actions.delete')}>
          <IconButton aria-label={t('rules:actions.deleteOf', { name })} onClick={onDelete}>
            <DeleteOutline />
          </IconButton>
        </Tooltip>
      )}
    </>
  );
}
