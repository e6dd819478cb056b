import { useState } from 'react';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import Visibility from '@mui/icons-material/Visibility';
import VisibilityOff from '@mui/icons-material/VisibilityOff';
import type { FieldValues } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormTextField, type FormTextFieldProps } from './FormTextField';

/** The accessible show/hide toggle of a password input, as its end adornment. */
export function PasswordToggle({ visible, onToggle }: { visible: boolean; onToggle: () => void }) {
  const { t } = useTranslation();
  return (
    <InputAdornment position="end">
      <IconButton
        aria-label={visible ? t('common:password.hide') : t('common:password.show')}
        aria-pressed={visible}
        onClick={onToggle}
        onMouseDown={(e) => e.preventDefault()}
        edge="end"
      >
        {visible ? <VisibilityOff /> : <Visibility />}
      </IconButton>
    </InputAdornment>
  );
}

/** A password input with an accessible show/hide toggle. */
export function PasswordField<T extends FieldValues>(props: Omit<FormTextFieldProps<T>, 'type' | 'endAdornment'>) {
  const [visible, setVisible] = useState(false);
  return (
    <FormTextField
      {...props}
      type={visible ? 'text' : 'password'}
      endAdornment={<PasswordToggle visible={visible} onToggle={() => setVisible((v) => !v)} />}
    />
  );
}
