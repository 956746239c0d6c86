// Generated from platform.json by tools/platform/remote-types.cjs (npm run new-remote runs it;
// the platform test fails when it is stale): do not edit.
// Each remote's exposed modules with their types, imported as the federation runtime loads
// them ('mf_public/Landing'); the shell's tsconfig paths lead to the remote's own TypeScript
// project, whose emitted declarations they are. The route table is checked against it.
import type * as mf_public_About from 'mf_public/About';
import type * as mf_public_Landing from 'mf_public/Landing';
import type * as mf_public_ListProperty from 'mf_public/ListProperty';
import type * as mf_public_Login from 'mf_public/Login';
import type * as mf_public_Privacy from 'mf_public/Privacy';
import type * as mf_public_Properties from 'mf_public/Properties';
import type * as mf_public_PropertyDetail from 'mf_public/PropertyDetail';
import type * as mf_public_Signup from 'mf_public/Signup';
import type * as mf_public_Terms from 'mf_public/Terms';
import type * as mf_public_Verify from 'mf_public/Verify';
import type * as mf_investor_Investments from 'mf_investor/Investments';
import type * as mf_investor_MarketOrders from 'mf_investor/MarketOrders';
import type * as mf_investor_Orders from 'mf_investor/Orders';
import type * as mf_investor_Overview from 'mf_investor/Overview';
import type * as mf_investor_Support from 'mf_investor/Support';
import type * as mf_investor_SupportThread from 'mf_investor/SupportThread';
import type * as mf_investor_Wallet from 'mf_investor/Wallet';
import type * as mf_owner_ActiveListings from 'mf_owner/ActiveListings';
import type * as mf_owner_ListingEditor from 'mf_owner/ListingEditor';
import type * as mf_owner_Listings from 'mf_owner/Listings';
import type * as mf_owner_Overview from 'mf_owner/Overview';
import type * as mf_admin_Appraisals from 'mf_admin/Appraisals';
import type * as mf_admin_Approvals from 'mf_admin/Approvals';
import type * as mf_admin_Audit from 'mf_admin/Audit';
import type * as mf_admin_Cases from 'mf_admin/Cases';
import type * as mf_admin_Distributions from 'mf_admin/Distributions';
import type * as mf_admin_Investors from 'mf_admin/Investors';
import type * as mf_admin_KycCase from 'mf_admin/KycCase';
import type * as mf_admin_Listings from 'mf_admin/Listings';
import type * as mf_admin_Market from 'mf_admin/Market';
import type * as mf_admin_Orders from 'mf_admin/Orders';
import type * as mf_admin_Overview from 'mf_admin/Overview';
import type * as mf_admin_Owners from 'mf_admin/Owners';
import type * as mf_admin_Payouts from 'mf_admin/Payouts';
import type * as mf_admin_Reconciliation from 'mf_admin/Reconciliation';
import type * as mf_admin_Support from 'mf_admin/Support';
import type * as mf_admin_SupportThread from 'mf_admin/SupportThread';
import type * as mf_admin_Team from 'mf_admin/Team';
import type * as mf_admin_Transactions from 'mf_admin/Transactions';
import type * as mf_admin_UserDetail from 'mf_admin/UserDetail';
import type * as mf_onboarding_Onboarding from 'mf_onboarding/Onboarding';
import type * as mf_onboarding_Profile from 'mf_onboarding/Profile';
import type * as mf_onboarding_Questionnaire from 'mf_onboarding/Questionnaire';

export interface RemoteModules {
  mf_public: {
    About: typeof mf_public_About;
    Landing: typeof mf_public_Landing;
    ListProperty: typeof mf_public_ListProperty;
    Login: typeof mf_public_Login;
    Privacy: typeof mf_public_Privacy;
    Properties: typeof mf_public_Properties;
    PropertyDetail: typeof mf_public_PropertyDetail;
    Signup: typeof mf_public_Signup;
    Terms: typeof mf_public_Terms;
    Verify: typeof mf_public_Verify;
  };
  mf_investor: {
    Investments: typeof mf_investor_Investments;
    MarketOrders: typeof mf_investor_MarketOrders;
    Orders: typeof mf_investor_Orders;
    Overview: typeof mf_investor_Overview;
    Support: typeof mf_investor_Support;
    SupportThread: typeof mf_investor_SupportThread;
    Wallet: typeof mf_investor_Wallet;
  };
  mf_owner: {
    ActiveListings: typeof mf_owner_ActiveListings;
    ListingEditor: typeof mf_owner_ListingEditor;
    Listings: typeof mf_owner_Listings;
    Overview: typeof mf_owner_Overview;
  };
  mf_admin: {
    Appraisals: typeof mf_admin_Appraisals;
    Approvals: typeof mf_admin_Approvals;
    Audit: typeof mf_admin_Audit;
    Cases: typeof mf_admin_Cases;
    Distributions: typeof mf_admin_Distributions;
    Investors: typeof mf_admin_Investors;
    KycCase: typeof mf_admin_KycCase;
    Listings: typeof mf_admin_Listings;
    Market: typeof mf_admin_Market;
    Orders: typeof mf_admin_Orders;
    Overview: typeof mf_admin_Overview;
    Owners: typeof mf_admin_Owners;
    Payouts: typeof mf_admin_Payouts;
    Reconciliation: typeof mf_admin_Reconciliation;
    Support: typeof mf_admin_Support;
    SupportThread: typeof mf_admin_SupportThread;
    Team: typeof mf_admin_Team;
    Transactions: typeof mf_admin_Transactions;
    UserDetail: typeof mf_admin_UserDetail;
  };
  mf_onboarding: {
    Onboarding: typeof mf_onboarding_Onboarding;
    Profile: typeof mf_onboarding_Profile;
    Questionnaire: typeof mf_onboarding_Questionnaire;
  };
}
