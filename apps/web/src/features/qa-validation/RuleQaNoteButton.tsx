import { useState } from 'react';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import RateReviewOutlined from '@mui/icons-material/RateReviewOutlined';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { QaFormReply, RuleReply } from '@edc/domain';
import { api } from '../../shared/api/client';
import { qaKey } from './api';
import { useQaVisitsByVisit } from './designBadgesApi';
import { AddNoteDialog } from './NoteDialogs';
import './i18n';

/**
 * QA's note on a rule, from the rules page (spec design-and-admin section 6; docs/qa-validation.md): shown to QA
 * for a rule of a visit of the version under validation; the note goes on the rule's QA visit and QA form.
 */
export function RuleQaNoteButton({ rule, researchId }: { rule: RuleReply; researchId: string | null }) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const { byVisit } = useQaVisitsByVisit(researchId);
  const qaVisit = byVisit.get(rule.formFieldChain.visit.id);
  const [target, setTarget] = useState<{ qaVisitId: string; qaFormId: string; ruleId: string } | null>(null);
  if (!qaVisit) return null;
  const label = `${t(`rules:type.${rule.ruleTypeString}`)}: ${rule.expression}`;
  const open = async () => {
    const forms = await qc.fetchQuery({
      queryKey: [...qaKey, 'forms', qaVisit.id],
      queryFn: ({ signal }) => api.get<QaFormReply[]>('/QaForms', { signal, query: { qaVisitId: qaVisit.id } }),
    });
    const qaForm = forms.find((f) => f.formId === rule.formFieldChain.form.id);
    if (qaForm) setTarget({ qaVisitId: qaVisit.id, qaFormId: qaForm.id, ruleId: rule.id });
  };
  return (
    <>
      <Tooltip title={t('qaValidation:add.onRule')}>
        <IconButton
          aria-label={`${t('qaValidation:add.onRule')}: ${label}`}
          onClick={() => void open()}
          data-testid="rule-qa-note"
        >
          <RateReviewOutlined />
        </IconButton>
      </Tooltip>
      {target && <AddNoteDialog target={target} label={label} onClose={() => setTarget(null)} />}
    </>
  );
}
