// Spec 8: any uncaught window error replaces the page with this screen, except an error
// of a remote's code: that remote's area shows its own panel and the rest of the app keeps
// working (federation/after-render.ts, loaded with the first error). The screen stays for
// the shell's own errors and for errors nobody can attribute.
import { Component, useEffect, useState, type ReactNode } from 'react';
import { BaseButton, space, styled, typography } from 'shared-ui/base';
import { MESSAGES } from 'shared-api/contract/basics';

/** Whether a remote's code threw it (then counted, and shown in that remote's area). */
const contained = (error: unknown, filename: string | undefined, kind: 'error' | 'rejection') =>
  import(/* webpackChunkName: "area-failure" */ '../federation/after-render').then(
    (m) => m.containRemoteError(error, filename, kind),
    () => false,
  );

// Browser noise that is not an application failure.
const BENIGN = [/ResizeObserver loop/i];

const Screen = styled.div({ minHeight: '100vh', display: 'grid', placeItems: 'center', padding: space(3), textAlign: 'center' });
const Column = styled.div({ display: 'flex', flexDirection: 'column', gap: space(3), alignItems: 'center' });
const Title = styled.h1({ ...typography.h5, margin: 0 });
const Actions = styled.div({ display: 'flex', gap: space(2) });

export function ErrorScreen() {
  return (
    <Screen role="alert">
      <Column>
        <Title>{MESSAGES.globalError}</Title>
        <Actions>
          <BaseButton variant="filled-blue" size="MD" onClick={() => window.location.reload()}>
            Refresh
          </BaseButton>
          <BaseButton variant="outline-blue" size="MD" onClick={() => window.location.assign('/')}>
            Homepage
          </BaseButton>
        </Actions>
      </Column>
    </Screen>
  );
}

class RenderBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override render() {
    return this.state.failed ? <ErrorScreen /> : this.props.children;
  }
}

export function GlobalErrorScreen({ children }: { children: ReactNode }) {
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    const onError = (e: ErrorEvent) => {
      const text = String(e.message ?? e.error ?? '');
      if (BENIGN.some((re) => re.test(text))) return;
      void contained(e.error ?? e.message, e.filename, 'error').then((ours) => ours || setFailed(true));
    };
    // A rejection nobody handled: a remote's is contained and counted like an error; the
    // shell's own leave the page as it is (as they always did).
    const onRejection = (e: PromiseRejectionEvent) => void contained(e.reason, undefined, 'rejection');
    window.addEventListener('error', onError);
    window.addEventListener('unhandledrejection', onRejection);
    return () => {
      window.removeEventListener('error', onError);
      window.removeEventListener('unhandledrejection', onRejection);
    };
  }, []);
  if (failed) return <ErrorScreen />;
  return <RenderBoundary>{children}</RenderBoundary>;
}
