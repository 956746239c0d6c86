import { Link } from 'shared-ui/router';
import { BRAND, SUBSCRIPTION_FEE_USD, paths } from 'shared-api/contract/basics';
import { Button } from 'shared-ui/core';
import { ArticlePage, CallToAction, type ArticleSection } from '../components/article-page';

const SECTIONS: ArticleSection[] = [
  {
    id: 'mission',
    title: 'Our mission',
    body: (
      <>
        <p>
          Real estate has built more wealth than almost any other asset, yet for most people it stays out of reach: a deposit, a mortgage,
          legal fees and the work of being a landlord. {BRAND} exists to change that. We divide carefully selected properties into units, so
          that anyone can own a share of a building and receive their part of what it earns.
        </p>
        <p>
          The name says it: a tessera is a single tile of a mosaic. On its own it is small; together, the tiles make the picture. Every
          investor on {BRAND} holds tiles of real buildings.
        </p>
      </>
    ),
  },
  {
    id: 'how-it-works',
    title: 'How it works',
    body: (
      <ol>
        <li>
          <strong>Create your account</strong> as an investor and confirm your e-mail address with the code we send you.
        </li>
        <li>
          <strong>Complete onboarding.</strong> Tell us your nationality and phone number and upload an identity document. Our team reviews
          it and verifies your account.
        </li>
        <li>
          <strong>Subscribe for early access.</strong> A one-time fee of ${SUBSCRIPTION_FEE_USD}, which you can claim back as platform
          tokens.
        </li>
        <li>
          <strong>Fund your wallet</strong> through our secure checkout and <strong>buy units</strong> of the properties you choose.
        </li>
        <li>
          <strong>Follow your portfolio</strong> in your dashboard: holdings, orders, wallet movements and construction progress of off-plan
          homes.
        </li>
      </ol>
    ),
  },
  {
    id: 'properties',
    title: 'What you can invest in',
    body: (
      <>
        <p>Every property on {BRAND} is one of two kinds:</p>
        <ul>
          <li>
            <strong>Rental ready</strong> (shown in filters as Rental/Residency Ready): finished homes with tenants or ready to let. They
            earn rental income from the start.
          </li>
          <li>
            <strong>Off plan</strong>: homes under construction, usually bought at a lower price than finished ones. Owners post
            construction progress, and you can follow it on the property page.
          </li>
        </ul>
        <p>
          Each listing shows the price of one unit, the number of units, how much has already been raised against the total value of the
          property, and the expected annual return.
        </p>
      </>
    ),
  },
  {
    id: 'returns',
    title: 'How we show returns',
    body: (
      <>
        <p>
          Owners state the return they expect over five years. We show it as an annual figure: the five-year return divided by five. A
          property expecting 40% over five years shows an annual return of 8%.
        </p>
        <p>
          The progress bar on each property shows the amount raised (units sold times the unit price) as a share of the total value (all
          units times the unit price). When every unit is sold, the property is fully funded.
        </p>
      </>
    ),
  },
  {
    id: 'security',
    title: 'Security and trust',
    body: (
      <ul>
        <li>Every investor and property owner is verified by our team before they can invest or raise money.</li>
        <li>Every listing is reviewed before it goes live; a listing that does not meet our standards is rejected with a reason.</li>
        <li>
          Money is kept in integer cents in a ledger: every deposit, order, refund and payout is recorded, a wallet balance always equals
          the sum of its entries, and it can never go below zero.
        </li>
        <li>Orders are placed safely: if your connection drops and you retry, the order is placed only once.</li>
        <li>Identity documents are private: only you and our verification team can open them.</li>
      </ul>
    ),
  },
  {
    id: 'web3',
    title: 'Blockchain and web3',
    body: (
      <p>
        Ownership of units is recorded with smart contracts, giving a transparent and tamper-evident history of who holds what. Our
        early-access subscribers can claim their subscription fee as {BRAND} platform tokens, the first step towards trading units on
        web3-supported platforms.
      </p>
    ),
  },
  {
    id: 'owners',
    title: 'For property owners',
    body: (
      <p>
        Owners of rental-ready or off-plan properties can raise money from many investors at once. Read how on our{' '}
        <Link to={paths.listProperty}>List property</Link> page.
      </p>
    ),
  },
  {
    id: 'offices',
    title: 'Where to find us',
    body: (
      <>
        <p>
          {BRAND} has offices in the United States, Canada and the United Arab Emirates. The properties we list are in the United States.
        </p>
        <p>
          Questions? Use the <Link to={paths.homeContact}>contact form</Link> and our team will reply by e-mail.
        </p>
      </>
    ),
  },
  {
    id: 'risk',
    title: 'A word on risk',
    body: (
      <p>
        Property values and rents can fall as well as rise, construction can be delayed, and units cannot always be sold quickly. Expected
        returns are estimates, not promises. Invest only money you can leave invested for several years, and spread it across more than one
        property.
      </p>
    ),
  },
];

export function AboutPage() {
  return (
    <ArticlePage
      eyebrow={`About ${BRAND}`}
      title="Real estate, one unit at a time"
      intro={`${BRAND} is a fractional real-estate investment platform: investors buy units of rental-ready and off-plan properties and earn their share of the returns, while property owners raise the money they need from many investors at once.`}
      sections={SECTIONS}
      footer={
        <CallToAction
          title="Ready to start?"
          text="Browse the properties open for investment, or create your account in a couple of minutes."
        >
          <Button variant="filled-blue" component={Link} to={paths.properties}>
            Browse properties
          </Button>
          <Button variant="outline-blue" component={Link} to={paths.signup}>
            Create your account
          </Button>
        </CallToAction>
      }
    />
  );
}
