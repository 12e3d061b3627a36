/**
 * What a screen shows in place of a list the server did not give: what could not be loaded, and a Try again that
 * asks once more (a dropped connection or a restart is usually over by the time someone presses it).
 */
export function LoadFailed({ what, retry }: { what: string; retry: () => unknown }) {
  return (
    <div className="alert alert-danger" role="alert">
      {what} could not be loaded.{' '}
      <button type="button" className="btn btn-sm btn-link" onClick={() => void retry()}>
        Try again
      </button>
    </div>
  );
}
