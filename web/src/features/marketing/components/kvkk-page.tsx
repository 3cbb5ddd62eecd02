import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { company } from '@/features/marketing/content/company';
import { pageMeta } from '@/features/marketing/content/page-meta';
import { usePageMeta } from '@/features/marketing/hooks/use-page-meta';

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="scroll-mt-24">
      <h2 id={id} className="mt-10 text-2xl font-bold tracking-tight text-slate-900">
        {title}
      </h2>
      <div className="mt-3 space-y-3 text-slate-700">{children}</div>
    </section>
  );
}

const toc = [
  ['sorumlu', '1. Veri sorumlusu'],
  ['veriler', '2. İşlenen kişisel veriler'],
  ['amaclar', '3. İşleme amaçları ve hukuki sebepler'],
  ['fotograflar', '4. Fotoğraflar ve saklama süreleri'],
  ['aktarim', '5. Kişisel verilerin aktarılması'],
  ['yontem', '6. Toplama yöntemi'],
  ['haklar', '7. Haklarınız (KVKK md. 11)'],
  ['basvuru', '8. Başvuru yolu'],
  ['guvenlik', '9. Veri güvenliği'],
  ['onay', '10. Aydınlatma metninin onayı'],
  ['kullanim-kosullari', '11. Kullanım koşulları özeti'],
] as const;

/**
 * SPEC §2 KVKK: the information notice of Law 6698 art. 10, matching what the product does with photos
 * (originals deleted after processing, results after 24 h by default, remote generation only for free-text
 * prompts when enabled). Not legal advice: a KVKK lawyer should review it before launch.
 */
export default function KvkkPage() {
  usePageMeta(pageMeta.kvkk);
  return (
    <article className="mx-auto max-w-3xl px-4 py-14 sm:px-6" data-testid="kvkk">
      <p className="text-sm font-semibold tracking-wide text-brand-700 uppercase">
        Kişisel verilerin korunması
      </p>
      <h1 className="mt-2 text-4xl font-extrabold tracking-tight">KVKK Aydınlatma Metni</h1>
      <p className="mt-3 text-slate-600">Son güncelleme: 22 Kasım 2026</p>
      <p className="mt-6 text-lg text-slate-700">
        {company.legalName} (“Oto Stüdyo”, “biz”) olarak, 6698 sayılı Kişisel Verilerin Korunması Kanunu
        (“KVKK”) md. 10 uyarınca, hizmetimizi kullanırken işlenen kişisel verileriniz hakkında sizi
        bilgilendirmek isteriz.
      </p>

      <nav aria-labelledby="kvkk-toc" className="mt-8 rounded-2xl border border-slate-200 bg-white p-5">
        <h2 id="kvkk-toc" className="font-semibold">
          İçindekiler
        </h2>
        <ol className="mt-2 grid gap-1 text-sm sm:grid-cols-2">
          {toc.map(([id, label]) => (
            <li key={id}>
              <a href={`#${id}`} className="text-brand-700 hover:underline">
                {label}
              </a>
            </li>
          ))}
        </ol>
      </nav>

      <Section id="sorumlu" title="1. Veri sorumlusu">
        <p>
          Kişisel verileriniz, veri sorumlusu sıfatıyla <strong>{company.legalName}</strong> tarafından
          işlenir.
        </p>
        <ul className="list-disc space-y-1 pl-6">
          <li>Adres: {company.address}</li>
          <li>E-posta: {company.kvkkEmail}</li>
          <li>KEP: {company.kep}</li>
          <li>Telefon: {company.phone}</li>
        </ul>
      </Section>

      <Section id="veriler" title="2. İşlenen kişisel veriler">
        <ul className="list-disc space-y-2 pl-6">
          <li>
            <strong>Kimlik ve iletişim:</strong> ad, soyad, kullanıcı adı, e-posta adresi, telefon numarası;
            Google ile girişte Google’ın paylaştığı ad, e-posta ve hesap kimliği.
          </li>
          <li>
            <strong>Müşteri işlem ve fatura:</strong> seçilen plan, abonelik dönemi, kota kullanımı, sipariş
            ve ödeme kayıtları, fatura bilgileri; kurumsal planda şirket adı ve vergi numarası. Kart
            bilgileriniz bize ulaşmaz, doğrudan ödeme kuruluşunun sayfasında işlenir.
          </li>
          <li>
            <strong>Görsel veriler:</strong> yüklediğiniz araç fotoğrafları, logo ve arka plan görselleri,
            bunların işlenmiş sonuçları. Fotoğraflarda araç plakası, kişiler, yansımalar ya da ev/iş yeri gibi
            çevre bilgileri yer alabilir. Fotoğrafların içindeki konum ve cihaz bilgileri (EXIF/GPS)
            yüklendiği anda silinir.
          </li>
          <li>
            <strong>İşlem güvenliği:</strong> IP adresi, oturum kayıtları, tarayıcı bilgisi, giriş denemeleri
            ve sistem günlükleri.
          </li>
          <li>
            <strong>İletişim ve pazarlama:</strong> iletişim formu mesajlarınız, bülten aboneliği e-posta
            adresi, pazarlama ve yapay zekâ geliştirme onaylarınız ile bunların tarihleri.
          </li>
        </ul>
      </Section>

      <Section id="amaclar" title="3. İşleme amaçları ve hukuki sebepler">
        <ul className="list-disc space-y-2 pl-6">
          <li>
            <strong>Hizmetin sunulması</strong> (hesap oluşturma, fotoğrafların düzenlenmesi, sonuçların size
            iletilmesi, kota takibi): sözleşmenin kurulması ve ifası için gerekli olması (KVKK md. 5/2-c).
          </li>
          <li>
            <strong>Ödeme, abonelik ve faturalandırma:</strong> sözleşmenin ifası (md. 5/2-c) ve vergi
            mevzuatından doğan hukuki yükümlülük (md. 5/2-ç).
          </li>
          <li>
            <strong>Güvenlik, kötüye kullanımın önlenmesi ve kayıt tutma:</strong> hukuki yükümlülük (md.
            5/2-ç) ve temel hak ve özgürlüklerinize zarar vermemek kaydıyla meşru menfaatimiz (md. 5/2-f).
          </li>
          <li>
            <strong>Destek taleplerinin yanıtlanması:</strong> sözleşmenin ifası (md. 5/2-c) ve meşru menfaat
            (md. 5/2-f).
          </li>
          <li>
            <strong>Bülten ve pazarlama iletileri:</strong> yalnızca açık rızanız (md. 5/1) ve 6563 sayılı
            Kanun kapsamındaki onayınız ile; dilediğiniz an geri alabilirsiniz.
          </li>
          <li>
            <strong>Fotoğrafların yapay zekâ modellerini geliştirmek için kullanılması:</strong> yalnızca
            kayıt sırasında isteğe bağlı olarak verdiğiniz açık rıza (md. 5/1) ile. Rıza vermemeniz hizmeti
            kullanmanızı etkilemez.
          </li>
        </ul>
      </Section>

      <Section id="fotograflar" title="4. Fotoğraflar ve saklama süreleri">
        <ul className="list-disc space-y-2 pl-6">
          <li>
            Yüklediğiniz <strong>orijinal fotoğraflar</strong> yalnızca istediğiniz düzenlemeyi yapmak için
            işlenir ve işlem tamamlandıktan sonra silinir.
          </li>
          <li>
            <strong>İşlenmiş sonuçlar</strong>, indirebilmeniz için varsayılan olarak <strong>24 saat</strong>{' '}
            saklanır ve ardından silinir.
          </li>
          <li>
            Fotoğraflarınız; yapay zekâ geliştirme için açık rıza vermediyseniz model eğitimi ya da
            değerlendirmesi için kullanılmaz, tanıtım amacıyla yayımlanmaz ve üçüncü kişilere kendi amaçları
            için verilmez.
          </li>
          <li>
            Hesap bilgileriniz hesabınız açık kaldığı sürece; ödeme ve fatura kayıtları vergi ve ticaret
            mevzuatının öngördüğü süre (10 yıl) boyunca; güvenlik kayıtları ilgili mevzuatın öngördüğü süre
            boyunca; iletişim mesajları talebiniz sonuçlandıktan sonra en fazla 2 yıl; bülten kaydınız
            aboneliğiniz sürdükçe saklanır.
          </li>
          <li>
            Süresi dolan veriler, en geç 6 ayda bir yapılan periyodik imha ile silinir, yok edilir ya da
            anonim hâle getirilir; imha kayıtları en az 3 yıl saklanır.
          </li>
        </ul>
      </Section>

      <Section id="aktarim" title="5. Kişisel verilerin aktarılması">
        <ul className="list-disc space-y-2 pl-6">
          <li>
            <strong>Ödeme kuruluşu:</strong> ödemelerin alınması için ad, e-posta, telefon, sipariş tutarı ve
            IP adresiniz, Türkiye’de yerleşik lisanslı ödeme kuruluşu PayTR Ödeme ve Elektronik Para Kuruluşu
            A.Ş.’ye aktarılır (md. 8/2-a, sözleşmenin ifası).
          </li>
          <li>
            <strong>Teknik hizmet sağlayıcılar:</strong> barındırma, depolama, e-posta ve e-fatura/e-arşiv
            entegrasyonu hizmeti aldığımız tedarikçilere, yalnızca hizmetin gerektirdiği ölçüde ve veri
            işleyen sıfatıyla.
          </li>
          <li>
            <strong>Yurt dışındaki yapay zekâ sağlayıcısı:</strong> yalnızca serbest metinle (prompt) sahne
            oluşturma özelliği etkinleştirildiğinde ve siz bu özelliği kullandığınızda, yazdığınız metin ve
            sahnenin üretilmesi için gereken görsel veri, ABD’de yerleşik Replicate, Inc.’e aktarılır. Bu
            aktarım KVKK md. 9 uyarınca Kişisel Verileri Koruma Kurulu’nun yayımladığı standart sözleşme ile
            yapılır ve sözleşme Kurul’a bildirilir. Hazır sahneler ve diğer tüm işlemler kendi sunucularımızda
            yapılır; aracınızın kendisi hiçbir zaman uzak bir modelle yeniden çizilmez.
          </li>
          <li>
            <strong>Yetkili kurum ve kuruluşlar:</strong> kanunen yetkili kamu kurumlarına ve mahkemelere,
            hukuki yükümlülüklerimiz gereği ve talep edilen ölçüde.
          </li>
        </ul>
      </Section>

      <Section id="yontem" title="6. Toplama yöntemi">
        <p>
          Kişisel verileriniz; internet sitemizdeki kayıt, giriş, iletişim ve bülten formları, yüklediğiniz
          dosyalar, Google ile giriş, ödeme kuruluşunun bize ilettiği ödeme sonucu bildirimleri ve oturumunuz
          için gerekli çerez ile elektronik ortamda, otomatik ya da kısmen otomatik yollarla toplanır.
          Sitemizde reklam veya izleme çerezi kullanılmaz; yalnızca oturumun sürmesi için zorunlu çerez ve
          tarayıcı depolaması kullanılır.
        </p>
      </Section>

      <Section id="haklar" title="7. Haklarınız (KVKK md. 11)">
        <p>Veri sahibi olarak bize başvurarak:</p>
        <ol className="list-[lower-alpha] space-y-1 pl-6">
          <li>kişisel verilerinizin işlenip işlenmediğini öğrenme,</li>
          <li>işlenmişse buna ilişkin bilgi talep etme,</li>
          <li>işlenme amacını ve bunların amacına uygun kullanılıp kullanılmadığını öğrenme,</li>
          <li>yurt içinde veya yurt dışında aktarıldığı üçüncü kişileri bilme,</li>
          <li>eksik veya yanlış işlenmişse düzeltilmesini isteme,</li>
          <li>KVKK md. 7’deki şartlar çerçevesinde silinmesini veya yok edilmesini isteme,</li>
          <li>düzeltme, silme ve yok etme işlemlerinin aktarıldığı üçüncü kişilere bildirilmesini isteme,</li>
          <li>
            münhasıran otomatik sistemlerle analiz edilmesi suretiyle aleyhinize bir sonucun ortaya çıkmasına
            itiraz etme,
          </li>
          <li>kanuna aykırı işleme sebebiyle zarara uğramanız hâlinde zararın giderilmesini talep etme</li>
        </ol>
        <p>haklarına sahipsiniz.</p>
      </Section>

      <Section id="basvuru" title="8. Başvuru yolu">
        <p>
          Başvurunuzu, Veri Sorumlusuna Başvuru Usul ve Esasları Hakkında Tebliğ’e uygun olarak; kimliğinizi
          gösteren bilgilerle birlikte yazılı olarak {company.address} adresine, kayıtlı elektronik posta
          (KEP) ile {company.kep} adresine ya da sistemimizde kayıtlı e-posta adresinizden {company.kvkkEmail}{' '}
          adresine iletebilirsiniz.
        </p>
        <p>
          Başvurunuz en geç <strong>30 gün</strong> içinde ücretsiz olarak sonuçlandırılır; işlemin ayrıca bir
          maliyet gerektirmesi hâlinde yalnızca Kurul’un belirlediği tarifedeki ücret alınabilir. Başvurunuzun
          reddedilmesi, verilen cevabı yetersiz bulmanız veya süresinde cevap verilmemesi hâlinde; cevabı
          öğrendiğiniz tarihten itibaren 30 gün ve her hâlde başvuru tarihinden itibaren 60 gün içinde Kişisel
          Verileri Koruma Kurulu’na şikâyette bulunabilirsiniz (md. 14).
        </p>
      </Section>

      <Section id="guvenlik" title="9. Veri güvenliği">
        <p>
          Veriler aktarım sırasında şifrelenir (HTTPS); şifreler geri döndürülemez biçimde (argon2id)
          saklanır; yönetim paneline erişim yetkiyle sınırlıdır ve yöneticilerin her işlemi kayıt altına
          alınır. Bir veri ihlalini öğrenmemiz hâlinde Kurul’a en geç 72 saat içinde, etkilenen kişilere ise
          en kısa sürede bildirim yapılır.
        </p>
      </Section>

      <Section id="onay" title="10. Aydınlatma metninin onayı">
        <p>
          Kayıt olurken bu aydınlatma metnini okuduğunuzu onaylamanız <strong>zorunludur</strong>; onay
          verilmeden hesap oluşturulamaz. Pazarlama iletileri ve fotoğrafların yapay zekâ geliştirme amacıyla
          kullanılması için istenen açık rızalar ise isteğe bağlıdır ve dilediğiniz zaman {company.kvkkEmail}{' '}
          adresine yazarak geri alınabilir.
        </p>
      </Section>

      <Section id="kullanim-kosullari" title="11. Kullanım koşulları özeti">
        <ul className="list-disc space-y-2 pl-6">
          <li>Yalnızca üzerinde hak sahibi olduğunuz ya da kullanım izni aldığınız fotoğrafları yükleyin.</li>
          <li>
            Düzenlenmiş fotoğrafları aracı olduğundan farklı gösterecek (ör. hasarı gizleyecek) biçimde
            kullanmayın; hizmetimiz aracın kendisini değiştirmez, yalnızca arka planı ve plakayı düzenler.
          </li>
          <li>Ticari kullanım Pro ve Kurumsal planlara dahildir.</li>
          <li>
            Aboneliğinizi hesap ayarlarınızdan iptal edebilirsiniz; hesabınız dönem sonuna kadar aktif kalır.
          </li>
        </ul>
        <p>
          Sorularınız için{' '}
          <Link to="/contact" className="text-brand-700 underline">
            iletişim sayfamızı
          </Link>{' '}
          kullanabilirsiniz.
        </p>
      </Section>
    </article>
  );
}
