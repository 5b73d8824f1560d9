import { Island } from '../../runtime/build/Island';
import tabSection from '../../widgets/TabSection/widget';

/** The right-to-left page (lang ar, dir rtl): the tab section slides and swipes the other way (§4). */
export function ServicesArabicPage() {
  return (
    <article className="page">
      <h1>خدماتنا</h1>
      <p className="lead">تمريض في المنزل، ومركز نهاري قرب الميناء، ودعم للعائلة كلها. خدماتنا مجانية للعائلات.</p>
      <Island
        widget={tabSection}
        settings={{ autoHeight: true }}
        content={{
          label: 'خدماتنا',
          headingLevel: 2,
          previousLabel: 'التبويب السابق',
          nextLabel: 'التبويب التالي',
          tabs: [
            { id: 'ar-nursing', title: 'التمريض المنزلي', titleColor: '#06424b', arrowBackground: '#06424b' },
            { id: 'ar-day-centre', title: 'المركز النهاري', titleColor: '#7a2e8c', arrowBackground: '#7a2e8c' },
            { id: 'ar-family', title: 'دعم العائلة', titleColor: '#1f5c1f', arrowBackground: '#1f5c1f' },
            { id: 'ar-breaks', title: 'استراحات قصيرة', titleColor: '#8a4b00', arrowBackground: '#8a4b00' },
          ],
        }}
        slots={{
          'ar-nursing': (
            <>
              <p>تزور ممرضاتنا الأطفال في بيوتهم كل يوم من أيام السنة، حتى ينام الطفل في سريره بين فترات الإقامة في المستشفى.</p>
            </>
          ),
          'ar-day-centre': (
            <>
              <p>غرفة الميناء مفتوحة من الاثنين إلى السبت، فيها علاج باللعب وموسيقى وحديقة هادئة.</p>
              <p>الإخوة والأخوات مرحَّب بهم بعد المدرسة.</p>
            </>
          ),
          'ar-family': (
            <>
              <p>استشارات، ومساعدة في الاستمارات، ومجموعة للآباء والأمهات مساء كل خميس.</p>
            </>
          ),
          'ar-breaks': (
            <>
              <p>حتى ثمانٍ وعشرين ليلة في السنة في أجنحة العائلات، مع ممرضات يعتنين بطفلك لكي تستريح.</p>
            </>
          ),
        }}
      />
      <p>
        <a href="/services/" lang="en" hrefLang="en">
          Read about our services in English
        </a>
      </p>
    </article>
  );
}
