import { Link } from 'shared-ui/router';
import { useAuthUser } from 'shared-api';
import { BRAND, UPLOAD_MAX_FILES, UPLOAD_MAX_MB, paths } from 'shared-api/contract/basics';
import { Button } from 'shared-ui/core';
import { ArticlePage, CallToAction, type ArticleSection } from '../components/article-page';

/** /signup with "As a property owner" chosen. */
export const OWNER_SIGNUP = `${paths.signup}?as=OWNER`;

const SECTIONS: ArticleSection[] = [
  {
    id: 'why',
    title: `Why list with ${BRAND}`,
    body: (
      <ul>
        <li>
          <strong>Raise money from many investors at once.</strong> Your property is divided into units that investors buy from a single
          unit upwards.
        </li>
        <li>
          <strong>Rental-ready or off-plan.</strong> Finance a finished, let property, or a development that is still under construction.
        </li>
        <li>
          <strong>Verified investors only.</strong> Every investor passes an identity check before they can buy.
        </li>
        <li>
          <strong>See your progress live.</strong> Your dashboard shows units sold, the amount raised and who your investors are.
        </li>
      </ul>
    ),
  },
  {
    id: 'journey',
    title: 'How it works',
    body: (
      <ol>
        <li>
          <strong>Sign up as a property owner.</strong> Choose &ldquo;As a property owner&rdquo; on the sign-up form and confirm your e-mail
          address with the code we send you.
        </li>
        <li>
          <strong>Complete onboarding.</strong> Give your nationality and phone number and upload an identity document. If you list as a
          business entity, add your business name and company documents. Our team verifies your account.
        </li>
        <li>
          <strong>Create your listing.</strong> Choose rental-ready or off-plan, then enter the name, address and state, a description, the
          number of units, the price of one unit and the return you expect over five years.
        </li>
        <li>
          <strong>Add images and documents.</strong> Up to {UPLOAD_MAX_FILES} photos (JPEG, PNG, WebP or AVIF) and {UPLOAD_MAX_FILES} PDF
          documents such as title deeds, valuations or building permits, {UPLOAD_MAX_MB} MB each.
        </li>
        <li>
          <strong>Review by our team.</strong> We check every listing before it goes live. If something is missing, we tell you why and you
          can correct it and submit again.
        </li>
        <li>
          <strong>Go live and raise.</strong> Investors see your property, with the amount raised against its total value. When every unit
          is sold, it is marked fully funded.
        </li>
        <li>
          <strong>Get paid.</strong> As orders are approved, the money is paid into your {BRAND} wallet, from which you can withdraw it.
        </li>
      </ol>
    ),
  },
  {
    id: 'off-plan',
    title: 'Listing an off-plan property',
    body: (
      <p>
        Investors in an off-plan property follow its construction. Post progress updates from your dashboard (for example &ldquo;Foundations
        complete, 25%&rdquo;); they appear on the property page as a progress bar and a dated timeline.
      </p>
    ),
  },
  {
    id: 'checklist',
    title: 'What to prepare',
    body: (
      <ul>
        <li>A government-issued identity document, and company documents if you list as a business.</li>
        <li>The full address of the property and the US state it is in.</li>
        <li>A clear description: size, condition, tenants or construction stage.</li>
        <li>How many units to offer, the price of each, and a realistic five-year return.</li>
        <li>Good photos and the documents investors will want to read.</li>
      </ul>
    ),
  },
];

function OwnerActions() {
  const user = useAuthUser();
  if (!user) {
    return (
      <CallToAction title="List your property" text={`Create a property-owner account to start. It takes a couple of minutes.`}>
        <Button variant="filled-blue" component={Link} to={OWNER_SIGNUP}>
          Sign up as a property owner
        </Button>
        <Button variant="outline-blue" component={Link} to={paths.login}>
          Log in
        </Button>
      </CallToAction>
    );
  }
  if (user.role === 'PROPERTY_OWNER') {
    return (
      <CallToAction title="List your property" text="You are signed in as a property owner: create your listing now.">
        <Button variant="filled-blue" component={Link} to={paths.createListing}>
          Create a listing
        </Button>
        <Button variant="outline-blue" component={Link} to={paths.listings}>
          My listings
        </Button>
      </CallToAction>
    );
  }
  return (
    <CallToAction
      title="List your property"
      text={`Listings are created from a property-owner account. You are signed in as ${user.role === 'ADMIN' ? 'an admin' : 'an investor'}; log out and sign up as a property owner to list a property.`}
    >
      <Button variant="outline-blue" component={Link} to={paths.properties}>
        Browse properties
      </Button>
    </CallToAction>
  );
}

export function ListPropertyPage() {
  return (
    <ArticlePage
      eyebrow="For property owners"
      title={`List your property on ${BRAND}`}
      intro="Raise the money for a rental-ready home or an off-plan development from verified investors, unit by unit, and follow every sale from your dashboard."
      sections={SECTIONS}
      footer={<OwnerActions />}
    />
  );
}
