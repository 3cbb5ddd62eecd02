/**
 * Turkish text of what the product writes itself: the engine's refusals and notices on a photo, the
 * invoice PDF and the KVKK data export. Part of the catalogue (`tr.engine`, `tr.documents`).
 */
export const engineTr = {
  /** Why an input cannot be processed, by the engine's error code. */
  errors: {
    EMPTY_FILE: 'Yüklenen dosya boş.',
    NOT_AN_IMAGE: 'Dosya bir resim değil. Lütfen JPG, PNG veya WebP yükleyin.',
    TRUNCATED: 'Resim dosyası eksik ya da bozuk. Lütfen dosyayı yeniden yükleyin.',
    TOO_MANY_PIXELS: 'Resim çok büyük. En fazla 50 megapiksel olabilir.',
    UNSUPPORTED_FORMAT: 'Bu resim biçimi desteklenmiyor. Lütfen JPG, PNG veya WebP yükleyin.',
    INVALID_REQUEST: 'İşlem isteği geçersiz.',
    INTERNAL: 'Görsel işlenirken beklenmeyen bir hata oluştu.',
  },
  noCarFound: 'Fotoğrafta araç bulunamadı.',
  /** Notices shown with a photo (SPEC: no operation passes silently). */
  notices: {
    plateNotFound: 'Plaka bulunamadı, maske ile işaretleyebilirsiniz.',
    cleanNoChange: 'Aracı Temizle bu fotoğrafta görünür bir değişiklik yapmadı; ücretlendirilmedi.',
    noWholeCar:
      'Fotoğrafta aracın tamamı görünmüyor (iç mekân, yakın çekim ya da araçsız fotoğraf); arka plan değiştirilmedi ve ücretlendirilmedi.',
    slabFlagged: 'Arka planın bir parçası araca yapışık kalmış olabilir; lütfen sonucu kontrol edin.',
    carOccluded:
      'Aracın bir kısmı önündeki bir nesnenin (çalı, ağaç, başka bir araç) arkasında kalıyor; kesilen araç eksik olabilir, lütfen sonucu kontrol edin.',
  },
} as const;

export const documentsTr = {
  invoice: {
    title: (n: string) => `Fatura ${n}`,
    heading: (eFatura: boolean) => (eFatura ? 'e-FATURA' : 'e-ARŞİV FATURA'),
    numbers: (n: string, ettn: string) => `Fatura No: ${n}    ETTN: ${ettn}`,
    issued: (date: string, eFatura: boolean) =>
      `Düzenlenme tarihi: ${date}    Senaryo: ${eFatura ? 'TEMELFATURA' : 'EARSIVFATURA'}`,
    seller: 'Satıcı',
    buyer: 'Alıcı',
    buyerTaxNumber: (n: string) => `VKN/TCKN: ${n}`,
    /** A consumer without a tax number: the e-Arşiv rule's placeholder TCKN. */
    consumerTaxNumber: 'TCKN: 11111111111',
    columns: { service: 'Hizmet', quantity: 'Miktar', unitPrice: 'Birim fiyat (KDV hariç)', vat: 'KDV' },
    net: (amount: string) => `Mal/hizmet toplamı: ${amount}`,
    vat: (rate: number, amount: string) => `Hesaplanan KDV (%${rate}): ${amount}`,
    total: (amount: string) => `Ödenecek tutar: ${amount}`,
    onlineSale: (web: string, date: string) =>
      `İnternet satışı — Web adresi: ${web}; ödeme şekli: kredi/banka kartı (PayTR); ödeme tarihi: ${date}.`,
    electronic: 'Bu belge elektronik ortamda düzenlenmiştir. Hizmet bedeline KDV dahildir.',
  },
  /** The KVKK data export (a ZIP): its read-me file. */
  export: {
    readmeName: 'BENİOKU.txt',
    readme: (at: string) =>
      `Oto Stüdyo hesap verileriniz (${at}).\nHer dosya bir veri türünü JSON olarak içerir; faturalar PDF olarak eklidir.\n`,
  },
} as const;
