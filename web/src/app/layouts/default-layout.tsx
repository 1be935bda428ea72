import { Footer } from './footer';
import { Header } from './header';
import { LayoutFrame } from './layout-frame';

export function DefaultLayout() {
  return <LayoutFrame variant="default" header={<Header />} footer={<Footer />} />;
}
