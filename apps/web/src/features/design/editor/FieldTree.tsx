import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { FieldActions, type FieldActionHandlers } from './FieldActions';
import type { TreeNode } from './dependencyTree';

export const fieldDomId = (id: string) => `form-field-${id}`;

const listSx = { listStyle: 'none', m: 0, p: 0 } as const;

function FieldLine({ node, root, sectionId }: { node: TreeNode; root: boolean; sectionId: string }) {
  const { t } = useTranslation();
  const f = node.field;
  return (
    <Box sx={{ flex: 1, minWidth: 180 }}>
      <Typography component="span" sx={{ fontWeight: 500, overflowWrap: 'anywhere' }}>
        {f.text}
      </Typography>
      {f.isRequired && (
        <Typography component="span" color="error" aria-label={t('design:field.isRequired')}>
          {' *'}
        </Typography>
      )}
      <Typography variant="body2" color="text.secondary">
        {f.field.title} ({t(`design:fieldType.${f.field.fieldType}`)})
        {f.field.fieldType === 'Select' && f.field.optionList.length > 0 && ` · ${f.field.optionList.join(', ')}`}
      </Typography>
      {node.sectionId !== sectionId && (
        <Chip
          size="small"
          variant="outlined"
          label={t('design:dependency.inSection', { name: node.sectionName })}
          sx={{ mt: 0.5 }}
        />
      )}
      {root && f.parentFormField && (
        <Typography variant="body2" color="text.secondary">
          {t('design:dependency.parentValue', { text: f.parentFormField.text, rule: f.parentVisibleRule ?? '' })}
        </Typography>
      )}
    </Box>
  );
}

function TreeItem({ node, depth, props }: { node: TreeNode; depth: number; props: Omit<FieldTreeProps, 'nodes'> }) {
  const { t } = useTranslation();
  const f = node.field;
  const selected = props.selectedId === f.id;
  return (
    <Box component="li" id={fieldDomId(f.id)} data-testid="tree-field" aria-current={selected ? 'true' : undefined}>
      <Box
        sx={{
          display: 'flex',
          flexWrap: 'wrap',
          alignItems: 'center',
          gap: 1,
          py: 0.5,
          px: 1,
          borderRadius: 1,
          border: 1,
          borderColor: selected ? 'primary.main' : 'divider',
          borderWidth: selected ? 2 : 1,
          mb: 0.5,
        }}
      >
        <FieldLine node={node} root={depth === 0} sectionId={props.sectionId} />
        <Box sx={{ display: 'flex', flexWrap: 'wrap', ml: 'auto' }}>
          <FieldActions field={f} complete={props.complete} detach={depth > 0} handlers={props.handlers} />
        </Box>
      </Box>
      {node.groups.map((g) => {
        const label = t('design:dependency.group', { text: f.text, rule: g.rule });
        return (
          <Box key={g.rule} sx={{ ml: { xs: 1.5, sm: 3 }, pl: 1, borderLeft: 2, borderColor: 'primary.light', mb: 1 }}>
            <Typography variant="body2" color="primary.dark" sx={{ mb: 0.5 }} aria-hidden>
              {label}
            </Typography>
            <Box component="ul" aria-label={label} sx={listSx}>
              {g.children.map((c) => (
                <TreeItem key={c.field.id} node={c} depth={depth + 1} props={props} />
              ))}
            </Box>
          </Box>
        );
      })}
    </Box>
  );
}

interface FieldTreeProps {
  nodes: TreeNode[];
  sectionId: string;
  complete: boolean;
  selectedId: string | null;
  handlers: FieldActionHandlers;
}

/**
 * The dependent-fields tree (spec section 2): each dependent field under its Select parent, grouped
 * by the option that shows it. Fields of other sections that depend on a field here are shown under
 * it, marked with their section.
 */
export function FieldTree({ nodes, ...props }: FieldTreeProps) {
  const { t } = useTranslation();
  return (
    <Box component="ul" aria-label={t('design:dependency.tree')} sx={listSx}>
      {nodes.map((n) => (
        <TreeItem key={n.field.id} node={n} depth={0} props={props} />
      ))}
    </Box>
  );
}
