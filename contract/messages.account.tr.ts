/**
 * Turkish strings of the account pages (settings, password reset, e-mail verification), the front door's
 * refusals and the e-mails. Part of the one catalogue: reached as `tr.account` and `tr.mail`.
 */
export const accountTr = {
  csrfRejected: 'İstek güvenlik denetimini geçemedi. Lütfen sayfayı yenileyip tekrar deneyin.',
  jsonOnly: 'Bu adres yalnızca JSON gövdesi kabul eder.',
  tooManyCheckouts: 'Bu bağlantıdan çok fazla ödeme başlatıldı. Lütfen biraz sonra tekrar deneyin.',
  tooManyResets: 'Çok fazla şifre sıfırlama isteği. Lütfen biraz sonra tekrar deneyin.',
  forgotLink: 'Şifremi unuttum',
  forgotTitle: 'Şifremi Unuttum',
  forgotSubtitle: 'Hesabınızın e-posta adresini girin; şifre sıfırlama bağlantısı gönderelim.',
  forgotSubmit: 'Sıfırlama Bağlantısı Gönder',
  forgotSubmitting: 'Gönderiliyor...',
  forgotSent:
    'Bu adres kayıtlıysa şifre sıfırlama bağlantısı birkaç dakika içinde e-postanıza gelecek. Bağlantı 30 dakika geçerlidir.',
  resetTitle: 'Yeni Şifre Belirleyin',
  resetSubtitle: 'Hesabınız için yeni bir şifre girin. Tüm oturumlarınız kapatılacak.',
  newPassword: 'Yeni şifre',
  newPasswordConfirm: 'Yeni şifre (tekrar)',
  resetSubmit: 'Şifreyi Değiştir',
  resetSubmitting: 'Kaydediliyor...',
  resetDone: 'Şifreniz değiştirildi. Yeni şifrenizle giriş yapabilirsiniz.',
  resetInvalid:
    'Bu şifre sıfırlama bağlantısı geçersiz, kullanılmış ya da süresi dolmuş. Lütfen yeni bir bağlantı isteyin.',
  resetMissingToken: 'Bağlantıda sıfırlama kodu yok. Lütfen e-postadaki bağlantıyı eksiksiz açın.',
  backToLogin: 'Giriş sayfasına dön',
  verifyTitle: 'E-posta Doğrulama',
  verifying: 'E-posta adresiniz doğrulanıyor...',
  verifyDone: 'E-posta adresiniz doğrulandı. Teşekkürler!',
  verifyInvalid:
    'Bu doğrulama bağlantısı geçersiz, kullanılmış ya da süresi dolmuş. Hesap ayarlarından yeni bağlantı isteyebilirsiniz.',
  verifyBanner:
    'E-posta adresinizi henüz doğrulamadınız. Hesabınızın güvenliği için e-postanızdaki bağlantıya tıklayın.',
  verifyResend: 'Doğrulama e-postasını tekrar gönder',
  verifySent: 'Doğrulama e-postası gönderildi.',
  verifiedBadge: 'Doğrulandı',
  unverifiedBadge: 'Doğrulanmadı',
  googleLink:
    'Bu e-posta adresiyle kayıtlı bir hesap var. Google hesabınızı bağlamak için önce şifrenizle giriş yapın; şifrenizi bilmiyorsanız "Şifremi unuttum" ile yeni şifre belirleyin.',
  googleLinked: 'Google hesabınız bu hesaba bağlandı.',
  settingsTitle: 'Hesap Ayarları',
  settingsNav: 'Hesap bölümleri',
  profileTitle: 'Profil',
  firstName: 'Ad',
  lastName: 'Soyad',
  phone: 'Telefon',
  companyName: 'Şirket adı',
  taxNumber: 'Vergi numarası',
  email: 'E-posta',
  save: 'Kaydet',
  saving: 'Kaydediliyor...',
  saved: 'Değişiklikler kaydedildi.',
  successTitle: 'Başarılı!',
  passwordTitle: 'Şifre Değiştir',
  currentPassword: 'Mevcut şifre',
  changePassword: 'Şifreyi Değiştir',
  passwordChanged: 'Şifreniz değiştirildi. Diğer cihazlardaki oturumlar kapatıldı.',
  wrongCurrentPassword: 'Mevcut şifreniz hatalı.',
  noPasswordYet:
    'Hesabınızın henüz şifresi yok (Google ile giriş). "Şifremi unuttum" ile bir şifre belirleyebilirsiniz.',
  sessionsTitle: 'Oturumlar',
  sessionsBody: (n: number) => `Hesabınızda şu anda ${n} açık oturum var.`,
  logoutEverywhere: 'Tüm cihazlardan çıkış yap',
  loggedOutEverywhere: 'Tüm oturumlarınız kapatıldı.',
  subscriptionTitle: 'Abonelik',
  noSubscription: 'Etkin bir aboneliğiniz yok.',
  plan: 'Plan',
  renewsOn: 'Yenileme tarihi',
  endsOn: 'Bitiş tarihi',
  cancelAtPeriodEnd: 'Dönem sonunda iptal et',
  cancelConfirm:
    'Aboneliğiniz dönem sonunda sona erecek; o zamana kadar kullanmaya devam edebilirsiniz. Onaylıyor musunuz?',
  cancelled: 'Aboneliğiniz dönem sonunda sona erecek.',
  undoCancel: 'İptali geri al',
  undone: 'İptal geri alındı; aboneliğiniz yenilenecek.',
  nothingToUndo: 'Geri alınacak bir iptal yok.',
  changePlan: 'Planı değiştir',
  invoicesTitle: 'Faturalar',
  noInvoices: 'Henüz faturanız yok.',
  consentsTitle: 'İzinler',
  kvkkAcceptedOn: (date: string) => `KVKK aydınlatma metni ${date} tarihinde onaylandı.`,
  kvkkNotAccepted: 'KVKK aydınlatma metni henüz onaylanmadı.',
  marketingConsent: 'Kampanya ve yeniliklerden e-posta ile haberdar olmak istiyorum',
  aiDataConsent: 'Fotoğraflarımın yapay zekâ modellerinin iyileştirilmesinde kullanılmasına izin veriyorum',
  dataTitle: 'Verilerim (KVKK)',
  exportBody: 'Hesabınızdaki tüm kişisel verileri ZIP dosyası olarak indirin.',
  exportData: 'Verilerimi indir (ZIP)',
  deleteTitle: 'Hesabı Sil',
  deleteBody:
    'Hesabınız, fotoğraflarınız ve kişisel verileriniz kalıcı olarak silinir. Vergi mevzuatı gereği faturalar 10 yıl saklanır. Bu işlem geri alınamaz.',
  deleteConfirmLabel: 'Onaylamak için şifrenizi girin',
  deleteConfirmGoogle: 'Onaylamak için e-posta adresinizi yazın',
  deleteAccount: 'Hesabımı kalıcı olarak sil',
  deleteMismatch: 'Onay bilgisi hatalı.',
  deleted: 'Hesabınız silindi.',
  quotaLeft: (n: number) => `Bu ay kalan: ${n} fotoğraf`,
  quotaUnlimited: 'Bu ay kalan: sınırsız',
  /** A run bigger than what is left this month: say what is left and how to go on (issue 14). */
  quotaPartial: (needed: number, left: number) =>
    `Bu işlem ${needed} fotoğraf gerektiriyor, bu ay ${left} fotoğraf hakkınız kaldı. Bir fotoğrafı çıkarın veya ek paket satın alın.`,
} as const;

/** E-mail texts; each message has a plain-text and an HTML part built from the same strings. */
export const mailTr = {
  greeting: (name: string | null) => (name ? `Merhaba ${name},` : 'Merhaba,'),
  signature: 'Oto Stüdyo Ekibi',
  ignore: 'Bu isteği siz yapmadıysanız bu e-postayı yok sayabilirsiniz.',
  verifySubject: 'Oto Stüdyo: E-posta adresinizi doğrulayın',
  verifyBody:
    'Oto Stüdyo hesabınızın e-posta adresini doğrulamak için aşağıdaki bağlantıya tıklayın. Bağlantı 3 gün geçerlidir.',
  verifyButton: 'E-postamı Doğrula',
  resetSubject: 'Oto Stüdyo: Şifre sıfırlama',
  resetBody:
    'Şifrenizi sıfırlamak için aşağıdaki bağlantıya tıklayın. Bağlantı 30 dakika geçerlidir ve yalnızca bir kez kullanılabilir.',
  resetButton: 'Yeni Şifre Belirle',
  receiptSubject: (number: string) => `Oto Stüdyo: Ödemeniz alındı (Fatura ${number})`,
  receiptBody: (service: string, amount: string) =>
    `${service} için ${amount} tutarındaki ödemeniz alındı. Faturanız bu e-postanın ekindedir.`,
  subscriptionEndingSubject: 'Oto Stüdyo: Aboneliğiniz yakında sona eriyor',
  subscriptionEndingBody: (date: string) =>
    `Aboneliğiniz ${date} tarihinde sona erecek. Kesintisiz kullanmak için hesap ayarlarınızdan iptali geri alabilir veya plan seçebilirsiniz.`,
  quotaSubject: 'Oto Stüdyo: Aylık kotanız dolmak üzere',
  quotaBody: (left: number) =>
    `Bu ayki fotoğraf kotanızdan ${left} fotoğraf kaldı. Ekstra paket alarak çalışmaya devam edebilirsiniz.`,
  deletedSubject: 'Oto Stüdyo: Hesabınız silindi',
  deletedBody:
    'İsteğiniz üzerine Oto Stüdyo hesabınız ve kişisel verileriniz silindi. Vergi mevzuatı gereği faturalarınız yasal süre boyunca saklanacaktır.',
  openAccount: 'Hesabıma Git',
} as const;
