/** SPEC §2 Contact: the six FAQ entries and their facts. */
export const faq: readonly { q: string; a: string }[] = [
  {
    q: 'Bir fotoğrafın dönüştürülmesi ne kadar sürer?',
    a: 'Dönüşümler genellikle 5-10 saniye sürer. Yoğun saatlerde bu süre 30 saniyeye kadar çıkabilir.',
  },
  {
    q: 'Hangi dosya formatlarını destekliyorsunuz?',
    a: 'JPG, PNG ve WebP dosyalarını destekliyoruz. En iyi sonuç için en az 512x512 piksel çözünürlükte fotoğraf yüklemenizi öneririz.',
  },
  {
    q: 'Düzenlenen fotoğrafları ticari amaçla kullanabilir miyim?',
    a: 'Ticari kullanım Pro (Profesyonel) ve Enterprise (Kurumsal) planlara dahildir. Başlangıç (Basic) planı yalnızca kişisel kullanım içindir; ücretsiz plan yoktur.',
  },
  {
    q: 'Aboneliğimi nasıl iptal ederim?',
    a: 'Aboneliğinizi hesap ayarlarınızdan istediğiniz zaman iptal edebilirsiniz. Hesabınız ödediğiniz dönemin sonuna kadar aktif kalır.',
  },
  {
    q: 'Fotoğraflarım güvende mi?',
    a: 'Görselleriniz aktarım sırasında şifrelenir ve işlendikten sonra silinir. Ayrıntılar KVKK Aydınlatma Metni’nde yer alır.',
  },
  {
    q: 'Destek ekibinize ne kadar sürede ulaşırım?',
    a: 'Destek ekibimiz mesajlarınıza genellikle yaklaşık 2 saat içinde yanıt verir.',
  },
];
