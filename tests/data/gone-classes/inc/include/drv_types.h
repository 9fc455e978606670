struct ieee80211_snap_hdr {
	unsigned char dsap;
	unsigned char ssap;
	unsigned char ctrl;
	unsigned char oui[3];
};
