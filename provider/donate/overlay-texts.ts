/**
 * §8, reference notes: the donate overlay's help text and its "Click to Continue" link, in the
 * provider's ~35 languages (3.7 KB gzip, issue 35: its own chunk, loaded only for a visitor whose
 * browser asks for another language than English; provider/donate/overlay-text.ts chooses, and
 * loads this module: it imports nothing back).
 */
export interface OverlayText {
  /** BCP 47 tag for the lang attribute. */
  lang: string;
  dir: 'ltr' | 'rtl';
  help: string;
  continue: string;
}

type Entry = readonly [help: string, continueLabel: string, dir?: 'rtl'];

const TEXTS = {
  ar: ['لا ترى المتصفح الآمن؟ سنساعدك في إعادة فتح النافذة لإكمال تبرعك', 'انقر للمتابعة', 'rtl'],
  bg: ['Не виждате защитения браузър? Ще ви помогнем да отворите отново прозореца, за да завършите дарението си', 'Щракнете, за да продължите'],
  cs: ['Nevidíte zabezpečený prohlížeč? Pomůžeme vám znovu otevřít okno, abyste mohli dokončit svůj dar', 'Pokračujte kliknutím'],
  da: ['Kan du ikke se den sikre browser? Vi hjælper dig med at åbne vinduet igen, så du kan gennemføre din donation', 'Klik for at fortsætte'],
  de: ['Sie sehen das sichere Browserfenster nicht? Wir helfen Ihnen, das Fenster erneut zu öffnen, um Ihre Spende abzuschließen', 'Zum Fortfahren klicken'],
  el: ['Δεν βλέπετε το ασφαλές πρόγραμμα περιήγησης; Θα σας βοηθήσουμε να ανοίξετε ξανά το παράθυρο για να ολοκληρώσετε τη δωρεά σας', 'Κάντε κλικ για να συνεχίσετε'],
  en: ["Don't see the secure browser? We'll help you re-launch the window to complete your donation", 'Click to Continue'],
  es: ['¿No ve el navegador seguro? Le ayudaremos a abrir de nuevo la ventana para completar su donación', 'Haga clic para continuar'],
  et: ['Kas te ei näe turvalist brauserit? Aitame teil akna uuesti avada, et saaksite annetuse lõpule viia', 'Klõpsake jätkamiseks'],
  fi: ['Etkö näe suojattua selainta? Autamme sinua avaamaan ikkunan uudelleen, jotta voit viimeistellä lahjoituksesi', 'Jatka napsauttamalla'],
  fr: ['Vous ne voyez pas le navigateur sécurisé ? Nous allons vous aider à rouvrir la fenêtre pour finaliser votre don', 'Cliquer pour continuer'],
  he: ['לא רואים את הדפדפן המאובטח? נעזור לכם לפתוח מחדש את החלון כדי להשלים את התרומה', 'לחצו כדי להמשיך', 'rtl'],
  hu: ['Nem látja a biztonságos böngészőt? Segítünk újra megnyitni az ablakot, hogy befejezhesse az adományozást', 'Kattintson a folytatáshoz'],
  id: ['Tidak melihat browser yang aman? Kami akan membantu Anda membuka kembali jendela untuk menyelesaikan donasi Anda', 'Klik untuk Melanjutkan'],
  it: ['Non vedi il browser sicuro? Ti aiuteremo a riaprire la finestra per completare la tua donazione', 'Fai clic per continuare'],
  ja: ['セキュアブラウザが表示されませんか？ウィンドウを再度開いて寄付を完了できるようお手伝いします', 'クリックして続行'],
  ko: ['보안 브라우저가 보이지 않나요? 창을 다시 열어 기부를 완료할 수 있도록 도와드리겠습니다', '계속하려면 클릭하세요'],
  lt: ['Nematote saugios naršyklės? Padėsime iš naujo atidaryti langą, kad galėtumėte užbaigti auką', 'Spustelėkite, kad tęstumėte'],
  lv: ['Neredzat drošo pārlūku? Mēs palīdzēsim atkārtoti atvērt logu, lai jūs varētu pabeigt ziedojumu', 'Noklikšķiniet, lai turpinātu'],
  ms: ['Tidak nampak pelayar selamat? Kami akan membantu anda membuka semula tetingkap untuk melengkapkan derma anda', 'Klik untuk Teruskan'],
  nl: ['Ziet u de beveiligde browser niet? We helpen u het venster opnieuw te openen om uw donatie te voltooien', 'Klik om door te gaan'],
  no: ['Ser du ikke den sikre nettleseren? Vi hjelper deg med å åpne vinduet på nytt slik at du kan fullføre donasjonen', 'Klikk for å fortsette'],
  pl: ['Nie widzisz bezpiecznej przeglądarki? Pomożemy Ci ponownie otworzyć okno, aby dokończyć darowiznę', 'Kliknij, aby kontynuować'],
  pt: ['Não está vendo o navegador seguro? Ajudaremos você a reabrir a janela para concluir sua doação', 'Clique para continuar'],
  ro: ['Nu vedeți browserul securizat? Vă ajutăm să redeschideți fereastra pentru a finaliza donația', 'Faceți clic pentru a continua'],
  ru: ['Не видите защищенный браузер? Мы поможем снова открыть окно, чтобы завершить пожертвование', 'Нажмите, чтобы продолжить'],
  si: ['ආරක්ෂිත බ්‍රවුසරය නොපෙනේද? ඔබගේ පරිත්‍යාගය සම්පූර්ණ කිරීමට කවුළුව නැවත විවෘත කිරීමට අපි උදව් කරන්නෙමු', 'ඉදිරියට යාමට ක්ලික් කරන්න'],
  sk: ['Nevidíte zabezpečený prehliadač? Pomôžeme vám znova otvoriť okno, aby ste mohli dokončiť svoj dar', 'Pokračujte kliknutím'],
  sl: ['Ne vidite varnega brskalnika? Pomagali vam bomo znova odpreti okno, da boste lahko dokončali donacijo', 'Kliknite za nadaljevanje'],
  sq: ['Nuk e shihni shfletuesin e sigurt? Do t’ju ndihmojmë të rihapni dritaren për të përfunduar dhurimin tuaj', 'Kliko për të vazhduar'],
  sv: ['Ser du inte den säkra webbläsaren? Vi hjälper dig att öppna fönstret igen så att du kan slutföra din donation', 'Klicka för att fortsätta'],
  th: ['ไม่เห็นเบราว์เซอร์ที่ปลอดภัยใช่ไหม เราจะช่วยคุณเปิดหน้าต่างอีกครั้งเพื่อทำการบริจาคให้เสร็จสมบูรณ์', 'คลิกเพื่อดำเนินการต่อ'],
  tl: ['Hindi makita ang secure na browser? Tutulungan ka naming buksan muli ang window para makumpleto ang iyong donasyon', 'I-click para Magpatuloy'],
  tr: ['Güvenli tarayıcıyı göremiyor musunuz? Bağışınızı tamamlamanız için pencereyi yeniden açmanıza yardımcı olacağız', 'Devam etmek için tıklayın'],
  vi: ['Không thấy trình duyệt bảo mật? Chúng tôi sẽ giúp bạn mở lại cửa sổ để hoàn tất khoản quyên góp của bạn', 'Nhấp để tiếp tục'],
  zh: ['没有看到安全浏览器？我们将帮助您重新打开窗口以完成捐款', '点击继续'],
  zh_Hant: ['沒有看到安全瀏覽器？我們將協助您重新開啟視窗以完成捐款', '按一下以繼續'],
} as const satisfies Record<string, Entry>;

export type OverlayLanguage = keyof typeof TEXTS;
export const OVERLAY_LANGUAGES = Object.keys(TEXTS) as OverlayLanguage[];

function isOverlayLanguage(key: string): key is OverlayLanguage {
  return Object.hasOwn(TEXTS, key);
}

/** The text in one of the provider's languages ('de', 'zh_Hant'); English when there is none. */
export function overlayTextOf(language: string): OverlayText {
  const key = isOverlayLanguage(language) ? language : 'en';
  const entry: Entry = TEXTS[key];
  return { lang: key === 'zh_Hant' ? 'zh-Hant' : key, dir: entry[2] ?? 'ltr', help: entry[0], continue: entry[1] };
}
