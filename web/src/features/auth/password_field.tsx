import { useState } from "react";

interface PasswordFieldProps {
  id: string;
  value: string;
  onChange(value: string): void;
  disabled?: boolean;
}

/** The password input with its 'Passwort anzeigen' / 'Passwort verbergen' toggle. */
export function PasswordField({ id, value, onChange, disabled }: PasswordFieldProps) {
  const [visible, setVisible] = useState(false);
  const label = visible ? "Passwort verbergen" : "Passwort anzeigen";
  return (
    <div className="password-input">
      <input
        id={id}
        name="password"
        type={visible ? "text" : "password"}
        autoComplete="current-password"
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
        <svg
          viewBox="0 0 24 24"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
          strokeLinecap="round"
          strokeLinejoin="round"
          aria-hidden="true"
        >
          <path d="M2 12s3.6-7 10-7 10 7 10 7-3.6 7-10 7S2 12 2 12Z" />
          <circle cx="12" cy="12" r="3" />
          {visible && <path d="M4 4l16 16" />}
        </svg>
      </button>
    </div>
  );
}
