import { afterEach, describe, expect, it, vi } from 'vitest';

const calls: { message: unknown; options: Record<string, unknown> }[] = [];
vi.mock('react-hot-toast', () => {
  const toast = Object.assign(
    (message: unknown, options: Record<string, unknown>) => {
      calls.push({ message, options });
      return String(calls.length);
    },
    { dismiss: vi.fn() },
  );
  return { default: toast };
});

const { actionSucceeded, failureFacts, loadToasts, notify, PERSISTENT, showApiFailure } = await import(
  './toast'
);
const { publicMutation } = await import('./publicApi');
// The library loads with the first notification; once loaded, every call reaches it at once.
await loadToasts();

function lastText(): string {
  const render = calls.at(-1)?.message as (t: { id: string }) => { props: { children: unknown[] } };
  const element = render({ id: 'x' });
  const text = element.props.children[1] as { props: { children: string } };
  return text.props.children;
}

function lastKind(): string {
  const render = calls.at(-1)?.message as (t: { id: string }) => { props: Record<string, unknown> };
  return render({ id: 'x' }).props['data-toast-kind'] as string;
}

class FakeTrpcError extends Error {
  data: { httpStatus: number };
  constructor(message: string, httpStatus: number) {
    super(message);
    this.data = { httpStatus };
  }
}

afterEach(() => {
  calls.length = 0;
  vi.restoreAllMocks();
});

describe('the error catalogue', () => {
  it('shows only "Unauthorized" for a 401', () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    showApiFailure(new FakeTrpcError('Token expired', 401));
    expect(calls).toHaveLength(1);
    expect(lastText()).toBe('Unauthorized');
    expect(log).not.toHaveBeenCalled();
  });

  it('shows a 400 as a lasting warning with the status in front', () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    showApiFailure({ status: 400, message: 'Bad quantity', validationError: true });
    expect(lastText()).toBe('(400) Bad quantity');
    expect(lastKind()).toBe('warning');
    expect(calls.at(-1)?.options.duration).toBe(PERSISTENT);
    expect(log).toHaveBeenCalledOnce();
  });

  it('shows other failures as lasting errors', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    showApiFailure(new FakeTrpcError('Not found', 404));
    expect(lastText()).toBe('(404) Not found');
    expect(lastKind()).toBe('error');
    expect(calls.at(-1)?.options.duration).toBe(PERSISTENT);
  });

  it('shows the message alone when there is no status', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    showApiFailure(new Error('Failed to fetch'));
    expect(lastText()).toBe('Failed to fetch');
  });

  it('reads tRPC errors and REST failures alike', () => {
    expect(failureFacts(new FakeTrpcError('x', 409))).toEqual({
      status: 409,
      message: 'x',
      fromServer: true,
    });
    expect(failureFacts({ status: 413, message: 'too big', validationError: false })).toEqual({
      status: 413,
      message: 'too big',
      fromServer: true,
    });
  });

  // The spec: '(status code) message' when the body carries one, otherwise the message alone.
  it('shows the message alone when the shop could not be reached', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.spyOn(globalThis, 'fetch').mockRejectedValue(new TypeError('Failed to fetch'));
    const error = await publicMutation('contacts.insert')
      .mutationFn({ name: 'A', email: 'a@b.co', comments: 'Hi', subject: '', loadTime: 0 } as never)
      .catch((e: unknown) => e);
    showApiFailure(error);
    expect(lastText()).toBe('The shop could not be reached. Check your connection and try again.');
  });

  it('shows the status text alone for an answer without a message (a proxy error page)', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(
      new Response('<html>oops</html>', { status: 500, statusText: 'Internal Server Error' }),
    );
    const error = await publicMutation('contacts.insert')
      .mutationFn({ name: 'A', email: 'a@b.co', comments: 'Hi', subject: '', loadTime: 0 } as never)
      .catch((e: unknown) => e);
    showApiFailure(error);
    expect(lastText()).toBe('Internal Server Error');
    expect(lastKind()).toBe('error');
  });

  it("keeps the status in front of the server's own message", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(
      Response.json({ error: { message: 'Only 2 of White Oak are left.' } }, { status: 400 }),
    );
    const error = await publicMutation('orders.submit')
      .mutationFn({} as never)
      .catch((e: unknown) => e);
    showApiFailure(error);
    expect(lastText()).toBe('(400) Only 2 of White Oak are left.');
  });

  it('shows a REST failure without a message in its body by its status text alone', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    showApiFailure({ status: 502, message: 'Bad Gateway', validationError: false, localMessage: true });
    expect(lastText()).toBe('Bad Gateway');
  });
});

describe('duplicates (the spec: duplicates prevented)', () => {
  /** Renders a shown toast as the library does, on screen or leaving it. */
  const render = (index: number, visible: boolean) => {
    const message = calls[index]?.message as ((t: { id: string; visible: boolean }) => unknown) | undefined;
    if (!message) throw new Error(`no toast number ${index + 1} was shown`);
    return message({ id: 'x', visible });
  };

  it('shows the same message once: a second call refreshes the toast on screen under the same id', () => {
    notify.success('Successfully updated');
    render(0, true);
    notify.success('Successfully updated');
    expect(calls).toHaveLength(2);
    expect(calls[1]?.options.id).toBe(calls[0]?.options.id);
  });

  it('keeps different texts and kinds apart', () => {
    notify.warning('Stock A');
    notify.warning('Stock B');
    notify.error('Stock A');
    expect(new Set(calls.map((c) => c.options.id)).size).toBe(3);
  });

  it('shows the message anew once the first has gone (closed or timed out)', () => {
    notify.info('Flags updated.');
    render(0, true);
    render(0, false);
    notify.info('Flags updated.');
    expect(calls[1]?.options.id).not.toBe(calls[0]?.options.id);
  });

  it('leaves a toast with its own id to replace itself, apart from the same text without one', () => {
    notify.warning('Check the form.', { id: 'form' });
    notify.warning('Check the form.');
    expect(calls.map((c) => c.options.id)).toEqual(['form', expect.stringMatching(/^toast-/)]);
  });
});

describe('one failure toast per action', () => {
  class FailedProcedure extends Error {
    data: { httpStatus: number; path: string };
    constructor(message: string, httpStatus: number, path: string) {
      super(message);
      this.data = { httpStatus, path };
    }
  }

  it('replaces the failure of the same action instead of stacking, and keeps other actions apart', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    showApiFailure(new FailedProcedure('Price must be a number.', 400, 'catalog.saveProduct'));
    showApiFailure(new FailedProcedure('The product was changed meanwhile.', 409, 'catalog.saveProduct'));
    showApiFailure({ status: 400, message: 'Not a workbook.', validationError: true, path: '/api/v1/Sheet' });
    const ids = calls.map((c) => c.options.id);
    expect(ids[0]).toBe(ids[1]);
    expect(ids[2]).not.toBe(ids[0]);
    // The second failure is what shows, in its own kind.
    expect(lastKind()).toBe('warning');
  });

  it('takes the failure toast away when the same action next succeeds, and only then', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const dismiss = (await import('react-hot-toast')).default.dismiss as ReturnType<typeof vi.fn>;
    dismiss.mockClear();
    showApiFailure(new FailedProcedure('Closes must be after Opens.', 400, 'pickUpDays.save'));
    const id = calls.at(-1)?.options.id;
    actionSucceeded('catalog.list');
    expect(dismiss).not.toHaveBeenCalled();
    actionSucceeded('pickUpDays.save');
    expect(dismiss).toHaveBeenCalledWith(id);
    // Once only: a later success has nothing left to take away.
    actionSucceeded('pickUpDays.save');
    expect(dismiss).toHaveBeenCalledOnce();
  });

  it("takes a storefront call's failure away when that call next answers", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const dismiss = (await import('react-hot-toast')).default.dismiss as ReturnType<typeof vi.fn>;
    dismiss.mockClear();
    vi.spyOn(globalThis, 'fetch').mockResolvedValueOnce(
      Response.json({ error: { message: 'Please enter your name.' } }, { status: 400 }),
    );
    const mutate = publicMutation('contacts.insert').mutationFn;
    const input = { name: '', email: 'a@b.co', comments: 'Hi', subject: '', loadTime: 0 } as never;
    showApiFailure(await mutate(input).catch((e: unknown) => e));
    const id = calls.at(-1)?.options.id;
    vi.spyOn(globalThis, 'fetch').mockResolvedValueOnce(
      Response.json({ result: { data: { message: 'Thanks', contactSubmissionId: 1 } } }),
    );
    await mutate(input);
    expect(dismiss).toHaveBeenCalledWith(id);
  });
});
