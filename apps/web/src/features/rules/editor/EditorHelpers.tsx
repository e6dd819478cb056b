import { memo, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Popover from '@mui/material/Popover';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import ArrowDropDown from '@mui/icons-material/ArrowDropDown';
import FunctionsOutlined from '@mui/icons-material/FunctionsOutlined';
import InputOutlined from '@mui/icons-material/InputOutlined';
import { useTranslation } from 'react-i18next';
import { rules, type Language } from '@edc/domain';
import type { CodedField, FormRuleFields } from '../ruleFields';
import type { Piece } from './insertion';

/** Operator buttons: the text inserted, how it is inserted, and (for symbols) a key of its spoken name. */
const OPERATORS: ReadonlyArray<{ text: string; piece: Piece; name?: string }> = [
  { text: '=', piece: { kind: 'operator', text: '=' }, name: 'eq' },
  { text: '<>', piece: { kind: 'operator', text: '<>' }, name: 'ne' },
  { text: '<', piece: { kind: 'operator', text: '<' }, name: 'lt' },
  { text: '>', piece: { kind: 'operator', text: '>' }, name: 'gt' },
  { text: '<=', piece: { kind: 'operator', text: '<=' }, name: 'le' },
  { text: '>=', piece: { kind: 'operator', text: '>=' }, name: 'ge' },
  { text: '+', piece: { kind: 'operator', text: '+' }, name: 'plus' },
  { text: '-', piece: { kind: 'operator', text: '-' }, name: 'minus' },
  { text: '*', piece: { kind: 'operator', text: '*' }, name: 'times' },
  { text: '/', piece: { kind: 'operator', text: '/' }, name: 'divide' },
  { text: '^', piece: { kind: 'operator', text: '^' }, name: 'power' },
  { text: '%', piece: { kind: 'operator', text: '%' }, name: 'remainder' },
  { text: '( )', piece: { kind: 'group' }, name: 'group' },
  { text: ')', piece: { kind: 'plain', text: ')' }, name: 'close' },
  { text: ';', piece: { kind: 'plain', text: '; ' }, name: 'separator' },
  { text: 'AND', piece: { kind: 'operator', text: 'AND' } },
  { text: 'OR', piece: { kind: 'operator', text: 'OR' } },
  { text: 'XOR', piece: { kind: 'operator', text: 'XOR' } },
  { text: 'NOT', piece: { kind: 'value', text: 'NOT ' } },
  { text: 'true', piece: { kind: 'value', text: 'true' } },
  { text: 'false', piece: { kind: 'value', text: 'false' } },
];

/**
 * A toolbar is one stop of the Tab key; the arrow keys, Home and End move between its buttons (WAI-ARIA
 * toolbar pattern), so that the helpers do not fill the tab order between the editor and the next input.
 */
function useRovingToolbar() {
  const [active, setActive] = useState(0);
  const onKeyDown = (e: KeyboardEvent<HTMLElement>) => {
    const items = Array.from(e.currentTarget.querySelectorAll<HTMLElement>('[data-toolbar-item]'));
    const at = items.indexOf(document.activeElement as HTMLElement);
    if (at < 0) return;
    const to =
      e.key === 'ArrowRight' || e.key === 'ArrowDown'
        ? (at + 1) % items.length
        : e.key === 'ArrowLeft' || e.key === 'ArrowUp'
          ? (at - 1 + items.length) % items.length
          : e.key === 'Home'
            ? 0
            : e.key === 'End'
              ? items.length - 1
              : -1;
    if (to < 0) return;
    e.preventDefault();
    setActive(to);
    items[to]?.focus();
  };
  const item = (index: number) => ({
    'data-toolbar-item': true,
    tabIndex: index === active ? 0 : -1,
    onFocus: () => setActive(index),
  });
  return { onKeyDown, item };
}

/** Keeps the editor's caret and selection: a helper is pressed without taking the focus from the text. */
const keepFocus = { onMouseDown: (e: React.MouseEvent) => e.preventDefault() };

const monoSx = { fontFamily: 'monospace', fontSize: '0.875rem' } as const;

function matches(f: CodedField, needle: string): boolean {
  if (!needle) return true;
  const n = needle.toLowerCase();
  return (
    f.code.toLowerCase().includes(n) || f.text.toLowerCase().includes(n) || f.optionList.some((o) => o.toLowerCase().includes(n))
  );
}

/** The form's fields with their codes and types; a select field offers its options too. */
function FieldPicker({
  fields,
  onInsert,
  toolbarItem,
}: {
  fields: FormRuleFields;
  onInsert: (piece: Piece) => void;
  toolbarItem: ReturnType<ReturnType<typeof useRovingToolbar>['item']>;
}) {
  const { t } = useTranslation();
  const anchor = useRef<HTMLButtonElement>(null);
  const [open, setOpen] = useState(false);
  const [search, setSearch] = useState('');
  const shown = useMemo(() => fields.list.filter((f) => matches(f, search.trim())), [fields, search]);
  const choose = (piece: Piece) => {
    setOpen(false);
    setSearch('');
    onInsert(piece);
  };
  return (
    <>
      <Button
        ref={anchor}
        size="small"
        variant="outlined"
        startIcon={<InputOutlined />}
        endIcon={<ArrowDropDown />}
        aria-haspopup="dialog"
        aria-expanded={open}
        onClick={() => setOpen(true)}
        {...keepFocus}
        {...toolbarItem}
      >
        {t('rules:editor.fields')}
      </Button>
      <Popover
        open={open}
        anchorEl={anchor.current}
        onClose={() => setOpen(false)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'left' }}
        slotProps={{
          paper: { sx: { width: 420, maxWidth: 'calc(100vw - 32px)', maxHeight: 440, display: 'flex', flexDirection: 'column' } },
        }}
      >
        <Box sx={{ p: 1.5, pb: 1 }}>
          <TextField
            autoFocus
            fullWidth
            size="small"
            type="search"
            label={t('rules:editor.findField')}
            value={search}
            onChange={(e) => setSearch(e.target.value)}
            onKeyDown={(e) => {
              // Enter takes the first field found.
              const first = shown[0];
              if (e.key === 'Enter' && first) {
                e.preventDefault();
                choose({ kind: 'value', text: `[${first.code}]` });
              }
            }}
            helperText={t('rules:editor.findHint')}
          />
        </Box>
        <List dense sx={{ overflow: 'auto', pt: 0 }} aria-label={t('rules:editor.fields')} data-testid="rule-field-picker">
          {shown.length === 0 && (
            <Typography color="text.secondary" sx={{ px: 2, py: 1 }}>
              {fields.list.length === 0 ? t('rules:editor.noFields') : t('rules:editor.noFieldFound')}
            </Typography>
          )}
          {shown.map((f) => (
            <Box component="li" key={f.code} sx={{ listStyle: 'none' }}>
              <ListItemButton onClick={() => choose({ kind: 'value', text: `[${f.code}]` })}>
                <ListItemText
                  primary={
                    <>
                      <Box component="span" sx={{ ...monoSx, fontWeight: 600 }}>
                        [{f.code}]
                      </Box>{' '}
                      {f.text}
                    </>
                  }
                  secondary={`${t(`design:fieldType.${f.fieldType}`)} · ${f.sectionName}`}
                />
              </ListItemButton>
              {f.fieldType === 'Select' && f.optionList.length > 0 && (
                <List dense disablePadding aria-label={t('rules:editor.optionsOf', { code: f.code })}>
                  {f.optionList.map((o) => (
                    <ListItemButton
                      key={o}
                      sx={{ pl: 4, py: 0 }}
                      onClick={() => choose({ kind: 'value', text: rules.quoteRuleString(o) })}
                    >
                      <ListItemText
                        primary={
                          <Box component="span" sx={monoSx}>
                            {rules.quoteRuleString(o)}
                          </Box>
                        }
                        secondary={t('rules:editor.option')}
                        slotProps={{ secondary: { sx: { display: 'inline', ml: 1 } }, primary: { sx: { display: 'inline' } } }}
                      />
                    </ListItemButton>
                  ))}
                </List>
              )}
            </Box>
          ))}
        </List>
      </Popover>
    </>
  );
}

/** The formula templates (RULE_FUNCTIONS) with their signatures in the user's language. */
function TemplateMenu({
  lang,
  onInsert,
  toolbarItem,
}: {
  lang: Language;
  onInsert: (piece: Piece) => void;
  toolbarItem: ReturnType<ReturnType<typeof useRovingToolbar>['item']>;
}) {
  const { t } = useTranslation();
  const anchor = useRef<HTMLButtonElement>(null);
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button
        ref={anchor}
        size="small"
        variant="outlined"
        startIcon={<FunctionsOutlined />}
        endIcon={<ArrowDropDown />}
        aria-haspopup="menu"
        aria-expanded={open}
        onClick={() => setOpen(true)}
        {...keepFocus}
        {...toolbarItem}
      >
        {t('rules:editor.templates')}
      </Button>
      <Menu open={open} anchorEl={anchor.current} onClose={() => setOpen(false)}>
        {rules.RULE_FUNCTION_NAMES.map((name) => (
          <MenuItem
            key={name}
            onClick={() => {
              setOpen(false);
              onInsert({ kind: 'call', name });
            }}
          >
            <ListItemText
              primary={
                <Box component="span" sx={{ ...monoSx, fontWeight: 600 }}>
                  {name}
                </Box>
              }
              secondary={
                <Box component="span" sx={monoSx}>
                  {rules.RULE_FUNCTIONS[name].signature[lang]}
                </Box>
              }
            />
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}

/**
 * The editor's helpers: the field picker, the templates and the operators, inserted at the caret. Memoised:
 * a keystroke in the editor does not render them (nor the form's fields) again.
 */
export const EditorHelpers = memo(function EditorHelpers({
  fields,
  lang,
  onInsert,
  controls,
}: {
  fields: FormRuleFields;
  lang: Language;
  onInsert: (piece: Piece) => void;
  /** The id of the expression's textarea. */
  controls: string;
}) {
  const { t } = useTranslation();
  const toolbar = useRovingToolbar();
  return (
    <Box
      role="toolbar"
      aria-label={t('rules:editor.helpers')}
      aria-controls={controls}
      onKeyDown={toolbar.onKeyDown}
      sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5, alignItems: 'center', mb: 1 }}
    >
      <FieldPicker fields={fields} onInsert={onInsert} toolbarItem={toolbar.item(0)} />
      <TemplateMenu lang={lang} onInsert={onInsert} toolbarItem={toolbar.item(1)} />
      {/* On a phone the operators are one row that scrolls sideways. */}
      <Box
        sx={{
          display: 'flex',
          flexWrap: { xs: 'nowrap', sm: 'wrap' },
          gap: 0.5,
          overflowX: { xs: 'auto', sm: 'visible' },
          flexBasis: { xs: '100%', sm: 'auto' },
          pb: { xs: 0.5, sm: 0 },
        }}
      >
        {OPERATORS.map((op, i) => (
          <Button
            key={op.text}
            size="small"
            variant="text"
            onClick={() => onInsert(op.piece)}
            aria-label={op.name ? t(`rules:editor.operator.${op.name}`) : undefined}
            title={op.name ? t(`rules:editor.operator.${op.name}`) : undefined}
            sx={{ ...monoSx, minWidth: 36, flexShrink: 0, px: 0.75, textTransform: 'none', border: 1, borderColor: 'divider' }}
            {...keepFocus}
            {...toolbar.item(i + 2)}
          >
            {op.text}
          </Button>
        ))}
      </Box>
    </Box>
  );
});
