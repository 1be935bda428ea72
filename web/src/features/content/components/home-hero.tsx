import { ShippingText } from '@/components/shipping-text';
import { Link } from 'react-router';
import { HeroArt } from './hero-art';

export function HomeHero() {
  return (
    <section className="home-hero" aria-labelledby="page-title">
      <div className="home-hero__text">
        <p className="content-head__eyebrow">青嶼出版 直營書店</p>
        <h1 id="page-title" className="home-hero__title">
          實務工作者的
          <br />
          專業書房
        </h1>
        <p className="lead">公司登記、營業稅、會計與契約，一本一本為實務現場而寫。匯款付款，<ShippingText after="。" /></p>
        <div className="button-row">
          <Link className="btn btn--primary" to="/bookstore">
            瀏覽書籍
          </Link>
          <a className="btn btn--ghost" href="#campaigns">
            看團購活動
          </a>
        </div>
      </div>
      <HeroArt className="home-hero__art" />
    </section>
  );
}
