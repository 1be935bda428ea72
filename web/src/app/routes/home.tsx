import { FeaturedBooks } from '@/features/content/components/featured-books';
import { HomeHero } from '@/features/content/components/home-hero';
import { OpenCampaigns } from '@/features/content/components/open-campaigns';
import { WhyUs } from '@/features/content/components/why-us';
import '@/features/content/content.css';
import { useDocumentMeta } from '@/lib/use-document-title';

export function Component() {
  useDocumentMeta('', '青嶼書房：青嶼出版直營的線上書店，公司登記、營業稅、會計與契約實務書，匯款付款、郵寄到府，並提供公會與社團團購。');
  return (
    <div className="page home">
      <HomeHero />
      <FeaturedBooks />
      <OpenCampaigns />
      <WhyUs />
    </div>
  );
}
