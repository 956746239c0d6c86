// What a remote's area shows while its page loads, and when it could not be loaded. The
// panels for errors after render and for old tabs build on these (./area-failure.tsx).
import { BaseButton, BaseSpinner, palette, space, styled, typography } from 'shared-ui/base';

export const Panel = styled.div({ padding: `${space(8)} ${space(2)}`, textAlign: 'center', maxWidth: 520, margin: '0 auto' });
export const PanelTitle = styled.h1({ ...typography.h5, margin: `0 0 0.35em` });
export const PanelText = styled.p({ margin: `0 0 ${space(3)}`, color: palette.text.secondary });

export function AreaUnavailable({ onRetry }: { onRetry: () => void }) {
  return (
    <Panel role="alert">
      <PanelTitle>This area is unavailable</PanelTitle>
      <PanelText>We could not load this part of Tessera. The rest of the platform keeps working; please try again in a moment.</PanelText>
      <BaseButton variant="filled-blue" size="MD" onClick={onRetry}>
        Retry
      </BaseButton>
    </Panel>
  );
}

// A screen tall: the footer stays below the fold until the page arrives, instead of
// showing under the spinner and jumping down (layout shift).
const Loading = styled.div({ display: 'flex', justifyContent: 'center', padding: `${space(10)} 0`, minHeight: '100vh' });

export function PageLoading() {
  return (
    <Loading aria-live="polite" aria-busy="true">
      <BaseSpinner aria-label="Loading page" />
    </Loading>
  );
}
