import { useRef, useState, type ChangeEvent, type KeyboardEvent, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Typography from '@mui/material/Typography';
import EventOutlined from '@mui/icons-material/EventOutlined';
import UploadFileOutlined from '@mui/icons-material/UploadFileOutlined';
import { useTranslation } from 'react-i18next';
import {
  dateSuggestions,
  entryDateText,
  fileBaseName,
  fileExtension,
  hasPdfMagic,
  isNumberDraft,
  maskEntryDate,
  maskEntryDateTime,
  maskEntryTime,
  type SubjectFormFieldReply,
} from '@edc/domain';
import { downloadFile } from '../../../shared/api/transfer';

export interface ValueInputProps {
  id: string;
  field: SubjectFormFieldReply;
  draft: string;
  invalid: boolean;
  disabled: boolean;
  readOnly: boolean;
  visitDate: string;
  dayPlus: number;
  onDraft: (text: string) => void;
  /** Saves the input's text (or the text given: a select's or a suggestion's choice). */
  onCommit: (text?: string) => void;
  onFile: (file: File, name: string) => void;
}

const widths = { Date: 170, Time: 110, DateTime: 210, Number: 140 } as const;

/** The input of a field type (spec sections 3 and 5). Text inputs save on leaving them or on Enter. */
export function ValueInput(props: ValueInputProps) {
  const { field, draft, disabled, invalid, id, onDraft, onCommit } = props;
  const { t } = useTranslation();
  const ff = field.formField;
  const type = ff.field.fieldType;

  const enter = (e: KeyboardEvent) => {
    if (e.key === 'Enter' && !e.shiftKey) {
      e.preventDefault();
      onCommit();
    }
  };
  // Plain inputs styled once by the section (fieldRowStyles): a MUI TextField per field costs too much at 300 fields.
  const textInput = (opts: {
    mask?: (raw: string) => string;
    accept?: (raw: string) => boolean;
    placeholder?: string;
    inputMode?: 'text' | 'decimal' | 'numeric';
    width?: number;
    end?: ReactNode;
    multiline?: boolean;
  }) => {
    const common = {
      id,
      className: 'field-input',
      value: draft,
      disabled,
      placeholder: opts.placeholder,
      autoComplete: 'off',
      maxLength: 10_000,
      'aria-required': ff.isRequired || undefined,
      'aria-invalid': invalid || undefined,
      onBlur: () => onCommit(),
      style: opts.width ? { width: opts.width + (opts.end ? 36 : 0) } : undefined,
    };
    const change = (e: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => {
      const raw = e.target.value;
      if (opts.accept && !opts.accept(raw)) return;
      onDraft(opts.mask ? opts.mask(raw) : raw);
    };
    const control = opts.multiline ? (
      <textarea {...common} rows={1} onChange={change} />
    ) : (
      <input {...common} type="text" inputMode={opts.inputMode} onChange={change} onKeyDown={enter} />
    );
    if (!opts.end) return control;
    return (
      <span className="field-input-group">
        {control}
        {opts.end}
      </span>
    );
  };

  switch (type) {
    case 'Text':
      return textInput({ placeholder: ff.mask ?? undefined, multiline: !ff.mask && !ff.regExMask });
    case 'Number':
      return textInput({ inputMode: 'decimal', accept: isNumberDraft, width: widths.Number, placeholder: ff.mask ?? undefined });
    case 'Date':
      return textInput({
        mask: maskEntryDate,
        placeholder: t('dataEntry:field.datePlaceholder'),
        inputMode: 'numeric',
        width: widths.Date,
        end: props.readOnly ? undefined : <DateSuggestions {...props} />,
      });
    case 'Time':
      return textInput({
        mask: maskEntryTime,
        placeholder: t('dataEntry:field.timePlaceholder'),
        inputMode: 'numeric',
        width: widths.Time,
      });
    case 'DateTime':
      return textInput({
        mask: maskEntryDateTime,
        placeholder: t('dataEntry:field.dateTimePlaceholder'),
        width: widths.DateTime,
      });
    case 'Calculated':
      return (
        <input
          id={id}
          className="field-input"
          value={draft}
          readOnly
          aria-readonly
          placeholder={t('dataEntry:field.calculated')}
          style={{ width: widths.Number }}
        />
      );
    case 'Select': {
      const value = draft || ff.field.defaultOption || '';
      return (
        <select
          id={id}
          className="field-input field-select"
          value={value}
          disabled={disabled}
          aria-required={ff.isRequired || undefined}
          aria-invalid={invalid || undefined}
          onChange={(e) => {
            onDraft(e.target.value);
            onCommit(e.target.value);
          }}
        >
          {value === '' && <option value="">{t('dataEntry:field.selectNone')}</option>}
          {ff.field.optionList.map((o) => (
            <option key={o} value={o}>
              {o}
            </option>
          ))}
        </select>
      );
    }
    case 'Checkbox':
      return (
        <span className="field-check">
          <input
            id={id}
            type="checkbox"
            checked={draft === 'true'}
            disabled={disabled}
            onChange={(e) => {
              const v = e.target.checked ? 'true' : 'false';
              onDraft(v);
              onCommit(v);
            }}
          />
          <span className="field-aside">{draft === 'true' ? t('dataEntry:field.checked') : t('dataEntry:field.unchecked')}</span>
        </span>
      );
    case 'File':
      return <FileInput {...props} />;
  }
}

/** The visit date and the dayPlus days after it (spec section 5), in a menu mounted only while open. */
function DateSuggestions({ field, visitDate, dayPlus, disabled, onDraft, onCommit }: ValueInputProps) {
  const { t } = useTranslation();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const label = t('dataEntry:field.suggestionsOf', { field: field.formField.text });
  return (
    <>
      <button
        type="button"
        className="field-icon-button"
        disabled={disabled}
        aria-label={label}
        title={label}
        aria-haspopup="menu"
        onClick={(e) => setAnchor(e.currentTarget)}
        // Choosing from the menu must not save the half-typed text first.
        onMouseDown={(e) => e.preventDefault()}
      >
        <EventOutlined fontSize="small" />
      </button>
      {anchor && (
        <Menu anchorEl={anchor} open onClose={() => setAnchor(null)} aria-label={t('dataEntry:field.suggestions')}>
          {dateSuggestions(visitDate, dayPlus).map((d) => (
            <MenuItem
              key={d}
              onClick={() => {
                setAnchor(null);
                const text = entryDateText(d);
                onDraft(text);
                onCommit(text);
              }}
            >
              {entryDateText(d)}
            </MenuItem>
          ))}
        </Menu>
      )}
    </>
  );
}

/** A PDF as the value: checked by extension and content before sending; its name is the file name without extension. */
function FileInput({ id, field, disabled, readOnly, onFile }: ValueInputProps) {
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  const [error, setError] = useState(false);
  const current = field.itemData;
  const name = current?.data ?? '';
  const choose = async (file: File | undefined) => {
    if (!file) return;
    const head = new Uint8Array(await file.slice(0, 5).arrayBuffer());
    if (fileExtension(file.name) !== 'pdf' || !hasPdfMagic(head)) {
      setError(true);
      return;
    }
    setError(false);
    onFile(file, fileBaseName(file.name));
  };
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
      {current?.data && (
        <Link
          component="button"
          type="button"
          onClick={() =>
            void downloadFile(`/ItemData/${current.id}/Document`, `${name}.pdf`, 'application/pdf').catch(() => undefined)
          }
          aria-label={t('dataEntry:field.fileOpen', { name })}
          sx={{ wordBreak: 'break-word', textAlign: 'left' }}
        >
          {name}
        </Link>
      )}
      {!readOnly && (
        <Button
          size="small"
          variant="outlined"
          startIcon={<UploadFileOutlined />}
          disabled={disabled}
          onClick={() => input.current?.click()}
          id={id}
        >
          {current?.data ? t('dataEntry:field.fileReplace') : t('dataEntry:field.file')}
        </Button>
      )}
      <input
        ref={input}
        type="file"
        accept=".pdf,application/pdf"
        hidden
        data-testid="field-file-input"
        onChange={(e) => {
          void choose(e.target.files?.[0]);
          e.target.value = '';
        }}
      />
      {error && (
        <Typography role="alert" variant="body2" color="error">
          {t('dataEntry:field.fileOnlyPdf')}
        </Typography>
      )}
    </Box>
  );
}
