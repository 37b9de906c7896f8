import { useState } from "react";
import { Icon } from "../../components/ui/icons.tsx";

interface PasswordFieldProps {
  id: string;
  value: string;
  onChange(value: string): void;
  disabled?: boolean;
  /** "new-password" where a password is chosen (password managers then offer one) */
  autoComplete?: string;
}

/** The password input with its 'Passwort anzeigen' / 'Passwort verbergen' toggle. */
export function PasswordField(
  { id, value, onChange, disabled, autoComplete = "current-password" }: PasswordFieldProps,
) {
  const [visible, setVisible] = useState(false);
  const label = visible ? "Passwort verbergen" : "Passwort anzeigen";
  return (
    <div className="password-input">
      <input
        id={id}
        name="password"
        type={visible ? "text" : "password"}
        autoComplete={autoComplete}
        required
        value={value}
        disabled={disabled}
        onChange={(e) => onChange(e.target.value)}
      />
      <button
        type="button"
        className="icon-button password-toggle"
        aria-label={label}
        title={label}
        aria-pressed={visible}
        aria-controls={id}
        onClick={() => setVisible(!visible)}
      >
        <Icon name={visible ? "eye-off" : "eye"} />
      </button>
    </div>
  );
}
