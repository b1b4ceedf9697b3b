import { Component, lazy, type ReactNode, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Route, Router, Switch } from 'wouter';
import { Loading } from '../components/Failure';
import { NotFound } from '../components/NotFound';
import { SessionEnded } from '../components/SessionEnded';
import { load } from '../lib/storage';
import { useTitle } from '../lib/title';
import { Layout } from './Layout';
import { LANDING } from './landing';

// One chunk per page: a shop page loads the shell and ShopPage only (scripts/size.mjs measures it).
const ShopPage = lazy(LANDING.shop);
const ProductPage = lazy(LANDING.product);
const CheckoutPage = lazy(() => import('../features/checkout/CheckoutPage'));
const PayPage = lazy(() => import('../features/pay/PayPage'));
const OrderPage = lazy(() => import('../features/orders/OrderPage'));
const OrdersPage = lazy(() => import('../features/orders/OrdersPage'));
const LoginPage = lazy(() => import('../features/auth/LoginPage'));

/** The storefront under /s/ (the server's SPA fallback sends index.html for every /s/* page). */
export function App() {
  return (
    <Router base="/s">
      <Layout>
        <SessionEnded />
        <ChunkBoundary>
          <Suspense fallback={<Loading />}>
            <Switch>
              <Route path="/" component={Home} />
              <Route path="/login" component={LoginPage} />
              <Route path="/orders" component={OrdersPage} />
              <Route path="/p/:id">{(p) => <ProductPage id={p.id} />}</Route>
              <Route path="/checkout/:id">{(p) => <CheckoutPage id={p.id} />}</Route>
              <Route path="/pay/:id">{(p) => <PayPage id={p.id} />}</Route>
              <Route path="/order/:id">{(p) => <OrderPage id={p.id} />}</Route>
              <Route path="/:shop">{(p) => <ShopPage id={p.shop} />}</Route>
              <Route component={NotFound} />
            </Switch>
          </Suspense>
        </ChunkBoundary>
      </Layout>
    </Router>
  );
}

/** /s/ itself: shops are reached by their link; offer the last one seen and the buyer's orders. */
function Home() {
  const { t } = useTranslation();
  useTitle(t('home.title'));
  const lastShop = load('shop');
  return (
    <section className="page">
      <h1>{t('home.title')}</h1>
      <p>{t('home.text')}</p>
      <p className="actions">
        {lastShop && (
          <Link href={`/${lastShop}`} className="btn primary">
            {t('home.lastShop')}
          </Link>
        )}
        <Link href="/orders" className="btn">
          {t('nav.orders')}
        </Link>
      </p>
    </section>
  );
}

/**
 * A page's chunk that fails to load (a new deployment replaced it, or the network dropped): say so
 * and offer a reload, instead of a blank page.
 */
class ChunkBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override render() {
    return this.state.failed ? <ReloadNotice /> : this.props.children;
  }
}

function ReloadNotice() {
  const { t } = useTranslation();
  return (
    <div className="notice error" role="alert">
      <p>{t('error.chunk')}</p>
      <button type="button" className="btn" onClick={() => location.reload()}>
        {t('common.reload')}
      </button>
    </div>
  );
}
