import { BusyLabel } from './BusyLabel';

/** The footer of a dialog that only shows something: one Close. */
export function CloseFooter({ onClose }: { onClose: () => void }) {
  return (
    <button type="button" className="btn btn-secondary" onClick={onClose}>
      Close
    </button>
  );
}

/**
 * The footer of a dialog that saves: Cancel, and the save button that says what it is doing while the save is
 * under way. Both wait for the save: Cancel cannot leave it half done, the save cannot be sent twice.
 */
export function SaveFooter({
  onCancel,
  onSave,
  form,
  saving,
  disabled = false,
  label,
  busyText,
}: {
  onCancel: () => void;
  /** What the save button does; or, with `form`, it submits that form (and Enter in a field does the same). */
  onSave?: () => void;
  form?: string;
  saving: boolean;
  /** Not ready to save yet (nothing to save, a field missing). */
  disabled?: boolean;
  label: string;
  busyText: string;
}) {
  return (
    <>
      <button type="button" className="btn btn-secondary" onClick={onCancel} disabled={saving}>
        Cancel
      </button>
      <button
        type={form ? 'submit' : 'button'}
        form={form}
        className="btn btn-primary"
        onClick={onSave}
        disabled={saving || disabled}
        aria-disabled={form ? saving : undefined}
      >
        <BusyLabel busy={saving} busyText={busyText}>
          {label}
        </BusyLabel>
      </button>
    </>
  );
}
