CREATE TABLE "pricing_settings" (
	"id" text PRIMARY KEY DEFAULT 'shop' NOT NULL,
	"prices_include_tax" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pricing_settings_one_row_check" CHECK ("pricing_settings"."id" = 'shop')
);
--> statement-breakpoint
CREATE TABLE "shipping_methods" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"zone_id" uuid NOT NULL,
	"name" text NOT NULL,
	"price" numeric(12, 2) NOT NULL,
	"free_above" numeric(12, 2),
	"min_order" numeric(12, 2),
	"weight_bands" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"estimate_min_days" smallint NOT NULL,
	"estimate_max_days" smallint NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"position" smallint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "shipping_methods_price_check" CHECK ("shipping_methods"."price" >= 0),
	CONSTRAINT "shipping_methods_estimate_check" CHECK ("shipping_methods"."estimate_min_days" >= 0 and "shipping_methods"."estimate_max_days" >= "shipping_methods"."estimate_min_days")
);
--> statement-breakpoint
CREATE TABLE "shipping_zones" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"rest_of_world" boolean DEFAULT false NOT NULL,
	"countries" text[] DEFAULT '{}'::text[] NOT NULL,
	"regions" text[] DEFAULT '{}'::text[] NOT NULL,
	"postal_prefixes" text[] DEFAULT '{}'::text[] NOT NULL,
	"shipping_tax_class_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tax_classes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"position" smallint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tax_rates" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"zone_id" uuid NOT NULL,
	"tax_class_id" uuid NOT NULL,
	"name" text NOT NULL,
	"basis_points" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tax_rates_basis_points_check" CHECK ("tax_rates"."basis_points" between 0 and 10000)
);
--> statement-breakpoint
ALTER TABLE "product_variants" ADD COLUMN "weight_grams" integer;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "tax_class_id" uuid;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "tax" numeric(12, 2);--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "tax_basis_points" integer;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "tax_name" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "ship_name" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "region" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "phone" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "shipping_method_id" uuid;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "shipping_method_name" text DEFAULT 'Standard' NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "shipping_estimate_min_days" smallint;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "shipping_estimate_max_days" smallint;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "shipping_tax" numeric(12, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "prices_include_tax" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "tax_lines" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "addresses" ADD COLUMN "name" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "addresses" ADD COLUMN "region" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "addresses" ADD COLUMN "phone" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "shipping_methods" ADD CONSTRAINT "shipping_methods_zone_id_shipping_zones_id_fk" FOREIGN KEY ("zone_id") REFERENCES "public"."shipping_zones"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipping_zones" ADD CONSTRAINT "shipping_zones_shipping_tax_class_id_tax_classes_id_fk" FOREIGN KEY ("shipping_tax_class_id") REFERENCES "public"."tax_classes"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tax_rates" ADD CONSTRAINT "tax_rates_zone_id_shipping_zones_id_fk" FOREIGN KEY ("zone_id") REFERENCES "public"."shipping_zones"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tax_rates" ADD CONSTRAINT "tax_rates_tax_class_id_tax_classes_id_fk" FOREIGN KEY ("tax_class_id") REFERENCES "public"."tax_classes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "shipping_methods_zone_idx" ON "shipping_methods" USING btree ("zone_id","position");--> statement-breakpoint
CREATE INDEX "shipping_zones_position_idx" ON "shipping_zones" USING btree ("position");--> statement-breakpoint
CREATE UNIQUE INDEX "tax_classes_name_key" ON "tax_classes" USING btree (lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "tax_classes_one_default_key" ON "tax_classes" USING btree ("is_default") WHERE "tax_classes"."is_default";--> statement-breakpoint
CREATE UNIQUE INDEX "tax_rates_zone_class_key" ON "tax_rates" USING btree ("zone_id","tax_class_id");--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_tax_class_id_tax_classes_id_fk" FOREIGN KEY ("tax_class_id") REFERENCES "public"."tax_classes"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_variants" ADD CONSTRAINT "product_variants_weight_check" CHECK ("product_variants"."weight_grams" >= 0);--> statement-breakpoint
-- The rules every shop had before they were data (issue #38): one zone serving every address,
-- one method "Standard" (25.00, free above 100.00 after the discount, 3 to 5 days), one class
-- "Standard" taxed at 15 % on the items, shipping untaxed, prices without tax. The ids are
-- DEFAULT_PRICING_RULES' (packages/domain/src/prices.ts), so a default shop charges what it did.
INSERT INTO "tax_classes" ("id", "name", "is_default", "position")
  VALUES ('00000000-0000-4000-8000-00000000c001', 'Standard', true, 0);--> statement-breakpoint
INSERT INTO "shipping_zones" ("id", "name", "position", "rest_of_world")
  VALUES ('00000000-0000-4000-8000-00000000a001', 'Everywhere', 0, true);--> statement-breakpoint
INSERT INTO "shipping_methods" ("id", "zone_id", "name", "price", "free_above", "estimate_min_days", "estimate_max_days", "position")
  VALUES ('00000000-0000-4000-8000-00000000b001', '00000000-0000-4000-8000-00000000a001', 'Standard', 25.00, 100.00, 3, 5, 0);--> statement-breakpoint
INSERT INTO "tax_rates" ("zone_id", "tax_class_id", "name", "basis_points")
  VALUES ('00000000-0000-4000-8000-00000000a001', '00000000-0000-4000-8000-00000000c001', 'Tax', 1500);--> statement-breakpoint
INSERT INTO "pricing_settings" ("id", "prices_include_tax") VALUES ('shop', false);--> statement-breakpoint
-- Orders placed before keep their figures; their one tax line says what it was (15 % on the
-- items after the discount) where there was a tax.
UPDATE "orders" SET "tax_lines" = jsonb_build_array(jsonb_build_object(
    'name', 'Tax', 'basisPoints', 1500, 'appliesTo', 'items',
    'base', ("items_price" - "discount_price")::text, 'amount', "tax_price"::text))
  WHERE "tax_price" > 0;--> statement-breakpoint
-- Countries were free text: the names the shop can read become ISO codes (countryCodeOf in
-- packages/domain/src/countries.ts: codes, English names, usual aliases); other text stays.
CREATE TEMPORARY TABLE "country_names" ("name" text PRIMARY KEY, "code" text NOT NULL);--> statement-breakpoint
INSERT INTO "country_names" ("name", "code") VALUES
  ('ad','AD'), ('andorra','AD'), ('ae','AE'), ('united arab emirates','AE'), ('af','AF'), ('afghanistan','AF'), ('ag','AG'), ('antigua & barbuda','AG'),
  ('ai','AI'), ('anguilla','AI'), ('al','AL'), ('albania','AL'), ('am','AM'), ('armenia','AM'), ('ao','AO'), ('angola','AO'),
  ('aq','AQ'), ('antarctica','AQ'), ('ar','AR'), ('argentina','AR'), ('as','AS'), ('american samoa','AS'), ('at','AT'), ('austria','AT'),
  ('au','AU'), ('australia','AU'), ('aw','AW'), ('aruba','AW'), ('ax','AX'), ('åland islands','AX'), ('az','AZ'), ('azerbaijan','AZ'),
  ('ba','BA'), ('bosnia & herzegovina','BA'), ('bb','BB'), ('barbados','BB'), ('bd','BD'), ('bangladesh','BD'), ('be','BE'), ('belgium','BE'),
  ('bf','BF'), ('burkina faso','BF'), ('bg','BG'), ('bulgaria','BG'), ('bh','BH'), ('bahrain','BH'), ('bi','BI'), ('burundi','BI'),
  ('bj','BJ'), ('benin','BJ'), ('bl','BL'), ('st barthélemy','BL'), ('bm','BM'), ('bermuda','BM'), ('bn','BN'), ('brunei','BN'),
  ('bo','BO'), ('bolivia','BO'), ('bq','BQ'), ('caribbean netherlands','BQ'), ('br','BR'), ('brazil','BR'), ('bs','BS'), ('bahamas','BS'),
  ('bt','BT'), ('bhutan','BT'), ('bv','BV'), ('bouvet island','BV'), ('bw','BW'), ('botswana','BW'), ('by','BY'), ('belarus','BY'),
  ('bz','BZ'), ('belize','BZ'), ('ca','CA'), ('canada','CA'), ('cc','CC'), ('cocos (keeling) islands','CC'), ('cd','CD'), ('congo - kinshasa','CD'),
  ('cf','CF'), ('central african republic','CF'), ('cg','CG'), ('congo - brazzaville','CG'), ('ch','CH'), ('switzerland','CH'), ('ci','CI'), ('côte d’ivoire','CI'),
  ('ck','CK'), ('cook islands','CK'), ('cl','CL'), ('chile','CL'), ('cm','CM'), ('cameroon','CM'), ('cn','CN'), ('china','CN'),
  ('co','CO'), ('colombia','CO'), ('cr','CR'), ('costa rica','CR'), ('cu','CU'), ('cuba','CU'), ('cv','CV'), ('cape verde','CV'),
  ('cw','CW'), ('curaçao','CW'), ('cx','CX'), ('christmas island','CX'), ('cy','CY'), ('cyprus','CY'), ('cz','CZ'), ('czechia','CZ'),
  ('de','DE'), ('germany','DE'), ('dj','DJ'), ('djibouti','DJ'), ('dk','DK'), ('denmark','DK'), ('dm','DM'), ('dominica','DM'),
  ('do','DO'), ('dominican republic','DO'), ('dz','DZ'), ('algeria','DZ'), ('ec','EC'), ('ecuador','EC'), ('ee','EE'), ('estonia','EE'),
  ('eg','EG'), ('egypt','EG'), ('eh','EH'), ('western sahara','EH'), ('er','ER'), ('eritrea','ER'), ('es','ES'), ('spain','ES'),
  ('et','ET'), ('ethiopia','ET'), ('fi','FI'), ('finland','FI'), ('fj','FJ'), ('fiji','FJ'), ('fk','FK'), ('falkland islands','FK'),
  ('fm','FM'), ('micronesia','FM'), ('fo','FO'), ('faroe islands','FO'), ('fr','FR'), ('france','FR'), ('ga','GA'), ('gabon','GA'),
  ('gb','GB'), ('united kingdom','GB'), ('gd','GD'), ('grenada','GD'), ('ge','GE'), ('georgia','GE'), ('gf','GF'), ('french guiana','GF'),
  ('gg','GG'), ('guernsey','GG'), ('gh','GH'), ('ghana','GH'), ('gi','GI'), ('gibraltar','GI'), ('gl','GL'), ('greenland','GL'),
  ('gm','GM'), ('gambia','GM'), ('gn','GN'), ('guinea','GN'), ('gp','GP'), ('guadeloupe','GP'), ('gq','GQ'), ('equatorial guinea','GQ'),
  ('gr','GR'), ('greece','GR'), ('gs','GS'), ('south georgia & south sandwich islands','GS'), ('gt','GT'), ('guatemala','GT'), ('gu','GU'), ('guam','GU'),
  ('gw','GW'), ('guinea-bissau','GW'), ('gy','GY'), ('guyana','GY'), ('hk','HK'), ('hong kong sar china','HK'), ('hm','HM'), ('heard & mcdonald islands','HM'),
  ('hn','HN'), ('honduras','HN'), ('hr','HR'), ('croatia','HR'), ('ht','HT'), ('haiti','HT'), ('hu','HU'), ('hungary','HU'),
  ('id','ID'), ('indonesia','ID'), ('ie','IE'), ('ireland','IE'), ('il','IL'), ('israel','IL'), ('im','IM'), ('isle of man','IM'),
  ('in','IN'), ('india','IN'), ('io','IO'), ('british indian ocean territory','IO'), ('iq','IQ'), ('iraq','IQ'), ('ir','IR'), ('iran','IR'),
  ('is','IS'), ('iceland','IS'), ('it','IT'), ('italy','IT'), ('je','JE'), ('jersey','JE'), ('jm','JM'), ('jamaica','JM'),
  ('jo','JO'), ('jordan','JO'), ('jp','JP'), ('japan','JP'), ('ke','KE'), ('kenya','KE'), ('kg','KG'), ('kyrgyzstan','KG'),
  ('kh','KH'), ('cambodia','KH'), ('ki','KI'), ('kiribati','KI'), ('km','KM'), ('comoros','KM'), ('kn','KN'), ('st kitts & nevis','KN'),
  ('kp','KP'), ('north korea','KP'), ('kr','KR'), ('south korea','KR'), ('kw','KW'), ('kuwait','KW'), ('ky','KY'), ('cayman islands','KY'),
  ('kz','KZ'), ('kazakhstan','KZ'), ('la','LA'), ('laos','LA'), ('lb','LB'), ('lebanon','LB'), ('lc','LC'), ('st lucia','LC'),
  ('li','LI'), ('liechtenstein','LI'), ('lk','LK'), ('sri lanka','LK'), ('lr','LR'), ('liberia','LR'), ('ls','LS'), ('lesotho','LS'),
  ('lt','LT'), ('lithuania','LT'), ('lu','LU'), ('luxembourg','LU'), ('lv','LV'), ('latvia','LV'), ('ly','LY'), ('libya','LY'),
  ('ma','MA'), ('morocco','MA'), ('mc','MC'), ('monaco','MC'), ('md','MD'), ('moldova','MD'), ('me','ME'), ('montenegro','ME'),
  ('mf','MF'), ('st martin','MF'), ('mg','MG'), ('madagascar','MG'), ('mh','MH'), ('marshall islands','MH'), ('mk','MK'), ('north macedonia','MK'),
  ('ml','ML'), ('mali','ML'), ('mm','MM'), ('myanmar (burma)','MM'), ('mn','MN'), ('mongolia','MN'), ('mo','MO'), ('macao sar china','MO'),
  ('mp','MP'), ('northern mariana islands','MP'), ('mq','MQ'), ('martinique','MQ'), ('mr','MR'), ('mauritania','MR'), ('ms','MS'), ('montserrat','MS'),
  ('mt','MT'), ('malta','MT'), ('mu','MU'), ('mauritius','MU'), ('mv','MV'), ('maldives','MV'), ('mw','MW'), ('malawi','MW'),
  ('mx','MX'), ('mexico','MX'), ('my','MY'), ('malaysia','MY'), ('mz','MZ'), ('mozambique','MZ'), ('na','NA'), ('namibia','NA'),
  ('nc','NC'), ('new caledonia','NC'), ('ne','NE'), ('niger','NE'), ('nf','NF'), ('norfolk island','NF'), ('ng','NG'), ('nigeria','NG'),
  ('ni','NI'), ('nicaragua','NI'), ('nl','NL'), ('netherlands','NL'), ('no','NO'), ('norway','NO'), ('np','NP'), ('nepal','NP'),
  ('nr','NR'), ('nauru','NR'), ('nu','NU'), ('niue','NU'), ('nz','NZ'), ('new zealand','NZ'), ('om','OM'), ('oman','OM'),
  ('pa','PA'), ('panama','PA'), ('pe','PE'), ('peru','PE'), ('pf','PF'), ('french polynesia','PF'), ('pg','PG'), ('papua new guinea','PG'),
  ('ph','PH'), ('philippines','PH'), ('pk','PK'), ('pakistan','PK'), ('pl','PL'), ('poland','PL'), ('pm','PM'), ('st pierre & miquelon','PM'),
  ('pn','PN'), ('pitcairn islands','PN'), ('pr','PR'), ('puerto rico','PR'), ('ps','PS'), ('palestinian territories','PS'), ('pt','PT'), ('portugal','PT'),
  ('pw','PW'), ('palau','PW'), ('py','PY'), ('paraguay','PY'), ('qa','QA'), ('qatar','QA'), ('re','RE'), ('réunion','RE'),
  ('ro','RO'), ('romania','RO'), ('rs','RS'), ('serbia','RS'), ('ru','RU'), ('russia','RU'), ('rw','RW'), ('rwanda','RW'),
  ('sa','SA'), ('saudi arabia','SA'), ('sb','SB'), ('solomon islands','SB'), ('sc','SC'), ('seychelles','SC'), ('sd','SD'), ('sudan','SD'),
  ('se','SE'), ('sweden','SE'), ('sg','SG'), ('singapore','SG'), ('sh','SH'), ('st helena','SH'), ('si','SI'), ('slovenia','SI'),
  ('sj','SJ'), ('svalbard & jan mayen','SJ'), ('sk','SK'), ('slovakia','SK'), ('sl','SL'), ('sierra leone','SL'), ('sm','SM'), ('san marino','SM'),
  ('sn','SN'), ('senegal','SN'), ('so','SO'), ('somalia','SO'), ('sr','SR'), ('suriname','SR'), ('ss','SS'), ('south sudan','SS'),
  ('st','ST'), ('são tomé & príncipe','ST'), ('sv','SV'), ('el salvador','SV'), ('sx','SX'), ('sint maarten','SX'), ('sy','SY'), ('syria','SY'),
  ('sz','SZ'), ('eswatini','SZ'), ('tc','TC'), ('turks & caicos islands','TC'), ('td','TD'), ('chad','TD'), ('tf','TF'), ('french southern territories','TF'),
  ('tg','TG'), ('togo','TG'), ('th','TH'), ('thailand','TH'), ('tj','TJ'), ('tajikistan','TJ'), ('tk','TK'), ('tokelau','TK'),
  ('tl','TL'), ('timor-leste','TL'), ('tm','TM'), ('turkmenistan','TM'), ('tn','TN'), ('tunisia','TN'), ('to','TO'), ('tonga','TO'),
  ('tr','TR'), ('türkiye','TR'), ('tt','TT'), ('trinidad & tobago','TT'), ('tv','TV'), ('tuvalu','TV'), ('tw','TW'), ('taiwan','TW'),
  ('tz','TZ'), ('tanzania','TZ'), ('ua','UA'), ('ukraine','UA'), ('ug','UG'), ('uganda','UG'), ('um','UM'), ('us outlying islands','UM'),
  ('us','US'), ('united states','US'), ('uy','UY'), ('uruguay','UY'), ('uz','UZ'), ('uzbekistan','UZ'), ('va','VA'), ('vatican city','VA'),
  ('vc','VC'), ('st vincent & grenadines','VC'), ('ve','VE'), ('venezuela','VE'), ('vg','VG'), ('british virgin islands','VG'), ('vi','VI'), ('us virgin islands','VI'),
  ('vn','VN'), ('vietnam','VN'), ('vu','VU'), ('vanuatu','VU'), ('wf','WF'), ('wallis & futuna','WF'), ('ws','WS'), ('samoa','WS'),
  ('xk','XK'), ('kosovo','XK'), ('ye','YE'), ('yemen','YE'), ('yt','YT'), ('mayotte','YT'), ('za','ZA'), ('south africa','ZA'),
  ('zm','ZM'), ('zambia','ZM'), ('zw','ZW'), ('zimbabwe','ZW'), ('usa','US'), ('united states of america','US'), ('america','US'), ('uk','GB'),
  ('great britain','GB'), ('england','GB'), ('scotland','GB'), ('wales','GB'), ('northern ireland','GB'), ('deutschland','DE'), ('schweiz','CH'), ('suisse','CH'),
  ('svizzera','CH'), ('österreich','AT'), ('españa','ES'), ('italia','IT'), ('nederland','NL'), ('holland','NL'), ('日本','JP'), ('uae','AE');--> statement-breakpoint
UPDATE "orders" SET "country" = "country_names"."code" FROM "country_names"
  WHERE "country_names"."name" = regexp_replace(lower(replace(trim("orders"."country"), '.', '')), '\s+', ' ', 'g')
    AND "orders"."country" <> "country_names"."code";--> statement-breakpoint
UPDATE "addresses" SET "country" = "country_names"."code" FROM "country_names"
  WHERE "country_names"."name" = regexp_replace(lower(replace(trim("addresses"."country"), '.', '')), '\s+', ' ', 'g')
    AND "addresses"."country" <> "country_names"."code";--> statement-breakpoint
DROP TABLE "country_names";
