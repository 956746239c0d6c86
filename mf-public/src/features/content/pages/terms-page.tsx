import { Link } from 'shared-ui/router';
import { BRAND, SUBSCRIPTION_FEE_USD, SUBSCRIPTION_TOKENS, UPLOAD_MAX_FILES, UPLOAD_MAX_MB, paths } from 'shared-api/contract/basics';
import { ArticlePage, type ArticleSection } from '../components/article-page';

const SECTIONS: ArticleSection[] = [
  {
    id: 'agreement',
    title: 'About these terms',
    body: (
      <p>
        These terms govern your use of {BRAND}. By creating an account you agree to them and to our{' '}
        <Link to={paths.privacy}>privacy policy</Link>. If you do not agree, please do not use the platform.
      </p>
    ),
  },
  {
    id: 'accounts',
    title: 'Your account',
    body: (
      <ul>
        <li>You must be at least 18 years old and able to enter into a binding contract.</li>
        <li>You sign up as an investor or as a property owner. The information you give must be true and kept up to date.</li>
        <li>
          Keep your password to yourself. You are responsible for what happens under your account; tell us at once if you suspect misuse.
        </li>
        <li>One person or business may hold one account of each kind.</li>
      </ul>
    ),
  },
  {
    id: 'verification',
    title: 'Verification',
    body: (
      <p>
        Before you can invest or raise money, you complete onboarding and our team verifies your identity (and, for businesses, your company
        documents). We may refuse or withdraw verification, with a reason, if information is missing, false or raises concerns.
      </p>
    ),
  },
  {
    id: 'subscription',
    title: 'Early-access subscription',
    body: (
      <p>
        Investors complete onboarding with a one-time early-access subscription of ${SUBSCRIPTION_FEE_USD}. It is charged once, never
        renews, and its full amount can be claimed as {SUBSCRIPTION_TOKENS} {BRAND} platform tokens. Platform tokens have no cash value
        outside {BRAND}.
      </p>
    ),
  },
  {
    id: 'wallet',
    title: 'Wallet, deposits and withdrawals',
    body: (
      <ul>
        <li>You fund your wallet through our payment provider; the deposit appears once the provider confirms the payment.</li>
        <li>Withdrawals are requested from your wallet, held while we process them, and paid to you once approved.</li>
        <li>Your balance can never go below zero; money held for pending orders or withdrawals is not available to spend.</li>
      </ul>
    ),
  },
  {
    id: 'orders',
    title: 'Buying units',
    body: (
      <ul>
        <li>When you place an order, its amount is held from your wallet and the units are reserved for you.</li>
        <li>While an order is pending you may cancel it; the amount returns to your wallet and the units are released.</li>
        <li>Once our team approves an order, the units become your holding and the owner is paid. A rejected order is refunded in full.</li>
        <li>A property is fully funded when all its units are sold; no further orders can then be placed.</li>
      </ul>
    ),
  },
  {
    id: 'risk',
    title: 'Returns and risk',
    body: (
      <p>
        The annual return shown for a property is the owner&apos;s expected five-year return divided by five. It is an estimate, not a
        guarantee. Property values and rental income can fall, construction can be delayed and units may be hard to sell. {BRAND} does not
        give personal financial advice; consider your own circumstances before investing.
      </p>
    ),
  },
  {
    id: 'owners',
    title: 'Property owners',
    body: (
      <ul>
        <li>You may list only properties you own or are authorised to offer, with accurate descriptions, figures, images and documents.</li>
        <li>
          Each listing may carry up to {UPLOAD_MAX_FILES} images and {UPLOAD_MAX_FILES} documents of at most {UPLOAD_MAX_MB} MB each.
        </li>
        <li>
          Every listing is reviewed before it goes live, and a change to a live listing is reviewed before it replaces what investors see.
        </li>
        <li>Owners of off-plan properties keep construction progress up to date.</li>
        <li>The unit price cannot change once units are sold, and a property with investors cannot be deleted.</li>
      </ul>
    ),
  },
  {
    id: 'use',
    title: 'Acceptable use',
    body: (
      <p>
        Do not misuse {BRAND}: no false information, no attempts to access accounts or data that are not yours, no interference with the
        platform&apos;s security or operation, and no use that breaks the law, including anti-money-laundering rules.
      </p>
    ),
  },
  {
    id: 'liability',
    title: 'Our liability',
    body: (
      <p>
        We work to keep {BRAND} available and accurate, but we cannot promise it will always be uninterrupted or error-free. Nothing in
        these terms limits liability that cannot be limited by law. Otherwise, we are not liable for losses that result from the performance
        of a property or from events outside our reasonable control.
      </p>
    ),
  },
  {
    id: 'ending',
    title: 'Closing an account',
    body: (
      <p>
        You can ask us to close your account at any time once you have no pending orders or withdrawals. We may suspend or close an account
        that breaks these terms; we will tell you why, unless the law prevents us.
      </p>
    ),
  },
  {
    id: 'changes',
    title: 'Changes and contact',
    body: (
      <p>
        We may update these terms; if a change matters, we will tell you before it applies. Questions about these terms are welcome through
        our <Link to={paths.homeContact}>contact form</Link>.
      </p>
    ),
  },
];

export function TermsPage() {
  return (
    <ArticlePage
      eyebrow="Legal"
      title="Terms and conditions"
      intro={`The rules for using ${BRAND}: accounts, verification, the early-access subscription, your wallet, buying units and listing properties.`}
      sections={SECTIONS}
    />
  );
}
