import { Fragment, useId, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import Close from '@mui/icons-material/Close';
import VerifiedOutlined from '@mui/icons-material/VerifiedOutlined';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import type { RuleReply } from '@edc/domain';
import './i18n';

/** "Validated" or "Not validated" (spec section 4: the rule's validated flag). */
export function ValidatedChip({ validated }: { validated: boolean }) {
  const { t } = useTranslation();
  return validated ? (
    <Chip
      size="small"
      color="success"
      icon={<VerifiedOutlined />}
      label={t('rules:validated')}
      data-testid="rule-validated"
      data-validated="true"
    />
  ) : (
    <Chip size="small" variant="outlined" label={t('rules:notValidated')} data-testid="rule-validated" data-validated="false" />
  );
}

/** The centre a rule applies to: its number, or "All centres". */
export const centreLabel = (rule: Pick<RuleReply, 'researchOrganisationId' | 'researchOrganisationNumber'>, t: TFunction) =>
  rule.researchOrganisationId ? t('rules:centreN', { number: rule.researchOrganisationNumber ?? '' }) : t('rules:allCentres');

/** The chain visit / form / section / field of a rule (or of a time point), as two lines. */
export function RuleChain({ rule, strong = true }: { rule: Pick<RuleReply, 'formFieldChain'>; strong?: boolean }) {
  const c = rule.formFieldChain;
  return (
    <Box sx={{ minWidth: 0 }}>
      <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
        {c.visit.title} / {c.form.title} / {c.formSection.sectionName}
      </Typography>
      <Typography component="div" sx={{ fontWeight: strong ? 500 : undefined, overflowWrap: 'anywhere' }}>
        {c.formField.text}
      </Typography>
    </Box>
  );
}

/** Where a long expression may wrap besides its spaces: after "(" and ";", before "[" (not inside a code). */
const breakPoints = (expression: string) =>
  expression.split(/(?<=[(;])|(?=\[)/).map((piece, i) => (
    <Fragment key={i}>
      {i > 0 && <wbr />}
      {piece}
    </Fragment>
  ));

/** An expression in a list: monospace, at most three lines (the whole of it in the tooltip). */
export function ExpressionCell({ expression }: { expression: string }) {
  return (
    <Box
      component="code"
      title={expression}
      sx={{
        fontFamily: 'monospace',
        fontSize: '0.8125rem',
        display: '-webkit-box',
        WebkitLineClamp: 3,
        WebkitBoxOrient: 'vertical',
        overflow: 'hidden',
        overflowWrap: 'break-word',
        whiteSpace: 'pre-wrap',
      }}
    >
      {breakPoints(expression)}
    </Box>
  );
}

/** A text cut to three lines in a list. */
export function ClampedText({ text }: { text: string | null }) {
  if (!text) return <>—</>;
  return (
    <Box
      component="span"
      title={text}
      sx={{
        display: '-webkit-box',
        WebkitLineClamp: 3,
        WebkitBoxOrient: 'vertical',
        overflow: 'hidden',
        overflowWrap: 'anywhere',
      }}
    >
      {text}
    </Box>
  );
}

/**
 * The rules' dialogs: titled (each with an id of its own, as they stack: a field's rules, a rule, its test),
 * full screen on phones, with a close button; `form` makes the content a form (submitted by Enter in an input).
 */
export function RulesDialog({
  open,
  onClose,
  title,
  subtitle,
  children,
  actions,
  maxWidth = 'md',
  onSubmit,
  formRef,
  busy,
  testId,
}: {
  open: boolean;
  onClose: () => void;
  title: ReactNode;
  subtitle?: ReactNode;
  children: ReactNode;
  actions?: ReactNode;
  maxWidth?: 'sm' | 'md' | 'lg';
  onSubmit?: () => void;
  formRef?: React.Ref<HTMLFormElement>;
  /** A call is under way: the dialog does not close. */
  busy?: boolean;
  testId?: string;
}) {
  const { t } = useTranslation();
  const id = useId();
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  const close = busy ? undefined : onClose;
  const body = (
    <>
      <DialogTitle id={id} sx={{ pr: 7 }}>
        {title}
        {subtitle && (
          <Typography component="div" variant="body2" color="text.secondary" sx={{ mt: 0.5, overflowWrap: 'anywhere' }}>
            {subtitle}
          </Typography>
        )}
      </DialogTitle>
      <IconButton
        aria-label={t('common:actions.close')}
        onClick={onClose}
        disabled={busy}
        sx={{ position: 'absolute', right: 8, top: 8 }}
      >
        <Close />
      </IconButton>
      <DialogContent dividers>{children}</DialogContent>
      {actions && (
        <DialogActions sx={{ flexWrap: 'wrap', gap: 1, px: 3, py: 1.5, '& > :not(style) ~ :not(style)': { ml: 0 } }}>
          {actions}
        </DialogActions>
      )}
    </>
  );
  return (
    <Dialog
      open={open}
      onClose={close}
      fullScreen={phone}
      fullWidth
      maxWidth={maxWidth}
      aria-labelledby={id}
      data-testid={testId}
    >
      {onSubmit ? (
        <Box
          component="form"
          ref={formRef}
          noValidate
          onSubmit={(e: React.FormEvent) => {
            e.preventDefault();
            onSubmit();
          }}
          sx={{ display: 'flex', flexDirection: 'column', minHeight: 0, flex: '1 1 auto' }}
        >
          {body}
        </Box>
      ) : (
        body
      )}
    </Dialog>
  );
}

/** A dialog's actions: what stays on the left (delete, test), then the rest on the right. */
export function DialogButtons({ start, end }: { start?: ReactNode; end: ReactNode }) {
  return (
    <>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, mr: 'auto' }}>{start}</Box>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, justifyContent: 'flex-end' }}>{end}</Box>
    </>
  );
}
