import { useState } from 'react';
import Autocomplete from '@mui/material/Autocomplete';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import type { DocumentApprovalReply, DocumentApproverReply, DocumentStatusReply } from '@edc/domain';
import { FormDialog } from '../../shared/components/FormDialog';
import { useResearchVersions } from '../design/api';
import { useDebouncedValue } from '../../shared/hooks/useDebouncedValue';
import { useApprovableDocuments, useApprovalActions, useApprovers } from './approvalsApi';

const SEARCH_DEBOUNCE_MS = 300;

/**
 * "Отправить на согласование" (design-and-admin sections 5 and 6): a document, a research version and at least
 * one approver, the approvers grouped by their centre's type in the spec's order (admin, site, testSite, qa, kio).
 * Given `resend`, the rejected approval is sent again: its document is fixed, version and approvers start as they
 * were.
 */
export function SendApprovalDialog({
  researchId,
  resend,
  onClose,
}: {
  researchId: string;
  resend?: DocumentApprovalReply;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  // The document is searched on the server by name as it is typed: a large trial makes thousands.
  const [typed, setTyped] = useState('');
  const search = useDebouncedValue(typed.trim().slice(0, 200), SEARCH_DEBOUNCE_MS);
  const documents = useApprovableDocuments(researchId, !resend, search);
  const [chosen, setChosen] = useState<DocumentStatusReply | null>(null);
  const versions = useResearchVersions(researchId);
  const approvers = useApprovers(researchId, true);
  const { send } = useApprovalActions();
  const documentId = resend?.document.id ?? chosen?.id ?? '';
  const [versionId, setVersionId] = useState(resend?.researchVersion.id ?? '');
  const [approverIds, setApproverIds] = useState<string[]>(resend?.approverList.map((a) => a.id) ?? []);
  const [checked, setChecked] = useState(false);
  const documentList = documents.data?.data ?? [];
  const approverList = approvers.data ?? [];
  const documentError = checked && !documentId ? t('documents:approval.documentRequired') : undefined;
  const versionError = checked && !versionId ? t('documents:approval.versionRequired') : undefined;
  const approversError = checked && approverIds.length === 0 ? t('documents:approval.approversRequired') : undefined;

  const submit = () => {
    setChecked(true);
    if (!documentId || !versionId || approverIds.length === 0) return;
    send.mutate(
      {
        documentId,
        researchVersionId: versionId,
        approverIdList: approverIds,
        ...(resend ? { lastDocumentApprovalId: resend.id } : {}),
      },
      { onSuccess: onClose },
    );
  };

  return (
    <FormDialog
      title={resend ? t('documents:approval.resendTitle') : t('documents:approval.sendTitle')}
      onClose={onClose}
      onSubmit={submit}
      saving={send.isPending}
      submitLabel={resend ? t('documents:approval.resend') : t('documents:approval.submit')}
      fullScreenOnPhone
    >
      <Stack spacing={2.5} sx={{ pt: 1 }}>
        {resend ? (
          <TextField
            label={t('documents:approval.document')}
            value={resend.document.name}
            slotProps={{ input: { readOnly: true } }}
          />
        ) : (
          <Autocomplete<DocumentStatusReply>
            options={documentList}
            loading={documents.isFetching}
            value={chosen}
            onChange={(_, d) => setChosen(d)}
            inputValue={typed}
            onInputChange={(_, v) => setTyped(v)}
            // The server has filtered them by name.
            filterOptions={(x) => x}
            getOptionLabel={(d) => d.name}
            isOptionEqualToValue={(a, b) => a.id === b.id}
            renderInput={(params) => (
              <TextField
                {...params}
                required
                label={t('documents:approval.document')}
                error={Boolean(documentError)}
                helperText={documentError}
              />
            )}
          />
        )}
        <TextField
          select
          required
          label={t('documents:approval.version')}
          value={versions.data ? versionId : ''}
          onChange={(e) => setVersionId(e.target.value)}
          error={Boolean(versionError)}
          helperText={versionError}
        >
          {(versions.data ?? []).map((v) => (
            <MenuItem key={v.id} value={v.id}>{`${v.majorIndex}.${v.minorIndex}`}</MenuItem>
          ))}
        </TextField>
        <Autocomplete<DocumentApproverReply, true>
          multiple
          options={approverList}
          loading={approvers.isLoading}
          groupBy={(a) => t(`documents:approval.orgType.${a.organisationType}`)}
          value={approverList.filter((a) => approverIds.includes(a.id))}
          onChange={(_, list) => setApproverIds(list.map((a) => a.id))}
          getOptionLabel={(a) => `${a.fullName} (${a.organisationName})`}
          isOptionEqualToValue={(a, b) => a.id === b.id}
          renderInput={(params) => (
            <TextField
              {...params}
              required
              label={t('documents:approval.approvers')}
              error={Boolean(approversError)}
              helperText={approversError}
            />
          )}
        />
      </Stack>
    </FormDialog>
  );
}
